package contract

import "slices"

// Shapes tags what a scenario contains that a known class of break needs,
// so that tests can check that a set of seeds reaches each of them:
//
//   - "create refused beside created objects": a pod or cluster whose create
//     the plan refuses (out of stock, or data centers that exclude its
//     volume's) added to a configuration that an earlier step applied, or a
//     pod's data centers edited away from its volume's after an apply: the
//     destroy's refresh plan then meets the refusal with objects in state
//     (issue 34). A refused create in the first configuration is not this
//     shape: every plan is refused, state stays empty, and Terraform skips
//     the refresh before a destroy;
//   - "console delete then no stock": a console delete of a pod followed by
//     a stock move, or of a pod whose type is out of stock elsewhere (the
//     destroy's refresh plan re-creates it);
//   - "volume cost", "endpoint cost", "cluster cost", "pod cost": a billable
//     kind whose cost attribute and warning are checked;
//   - "console cost cut, then a plan": an endpoint's workers_min lowered in
//     the console, then a step that plans (the plan that restores it must
//     show the rise in its cost attribute as its warning does, issue 34);
//   - "fault after the server acted": a dropped or failed reply after the
//     server made the change;
//   - "write-only rotation": a secret or credential rotated.
func Shapes(sc Scenario) []string {
	var tags []string
	tag := func(s string) {
		if !slices.Contains(tags, s) {
			tags = append(tags, s)
		}
	}
	all := slices.Clone(sc.Resources)
	for _, st := range sc.Steps {
		if st.Add != nil {
			all = append(all, *st.Add)
		}
	}
	for _, r := range all {
		switch r.Kind {
		case Pod:
			tag("pod cost")
		case Cluster:
			tag("cluster cost")
		case Volume:
			tag("volume cost")
		case Endpoint:
			tag("endpoint cost")
		}
	}
	refusedFromStart := slices.ContainsFunc(sc.Resources, func(r Resource) bool { return refusedAtPlan(all, r) })
	besideState := false
	deleted := false
	for i, st := range sc.Steps {
		switch {
		case st.Kind == Console && st.Op == "delete" && labelled(all, st.Target).Kind == Pod:
			deleted = true
		case st.Kind == Console && st.Op == "stock" && deleted,
			st.Kind == Console && st.Op == "delete-no-stock":
			tag("console delete then no stock")
		case st.Kind == Console && st.Op == "lower-min-workers" && labelled(all, st.Target).WorkersMin > 0 &&
			i+1 < len(sc.Steps) && plansAccepted(all, sc.Steps[i+1]):
			tag("console cost cut, then a plan")
		case st.Kind == Fault && (st.Op == "drop-after" || st.Op == "502-after"):
			tag("fault after the server acted")
		case besideState && st.Kind == Edit && st.Op == "add" && st.Add != nil && refusedAtPlan(all, *st.Add),
			besideState && st.Kind == Edit && st.Op == "datacenters" && labelled(all, st.Target).Volume != "":
			tag("create refused beside created objects")
		case (st.Kind == Edit && st.Op == "rotate") || (st.Kind == Fault && st.EditOp == "rotate"):
			tag("write-only rotation")
		}
		// State holds objects once a step applied a configuration the
		// plan accepts.
		besideState = besideState || (!refusedFromStart && plansAccepted(all, st))
	}
	slices.Sort(tags)
	return tags
}

// plansAccepted reports a step that plans and applies a configuration the
// plan does not refuse for one of its own resources.
func plansAccepted(all []Resource, st Step) bool {
	refusedAdd := st.Op == "add" && st.Add != nil && refusedAtPlan(all, *st.Add)
	return st.Kind == Apply || (st.Kind == Edit && !refusedAdd)
}

// refusedAtPlan reports a pod or cluster whose create the plan refuses: out
// of stock where it is pinned, or a pod pinned away from its volume.
func refusedAtPlan(all []Resource, r Resource) bool {
	switch r.Kind {
	case Pod:
		if slices.ContainsFunc(outOfStock, func(p placement) bool { return p.GPU == r.GPU && slices.Equal(r.DataCenters, []string{p.DC}) }) {
			return true
		}
		i := find(all, r.Volume)
		return i >= 0 && len(r.DataCenters) > 0 && !r.DCFromVolume && r.DataCenters[0] != all[i].DataCenter
	case Cluster:
		return r.GPU == clusterOutOfStock.GPU
	}
	return false
}

// labelled is the resource with label, or the zero Resource when there is none.
func labelled(resources []Resource, label string) Resource {
	if i := find(resources, label); i >= 0 {
		return resources[i]
	}
	return Resource{}
}
