package contract

import "slices"

// Shapes tags what a scenario contains that a known class of break needs,
// so that tests can check that a set of seeds reaches each of them:
//
//   - "create refused at plan time": a pod or cluster out of stock, or a pod
//     whose data centers exclude its volume's (the destroy after a failed
//     apply of issue 34);
//   - "console delete then no stock": a console delete of a pod followed by
//     a stock move, or of a pod whose type is out of stock elsewhere (the
//     destroy's refresh plan re-creates it);
//   - "volume cost", "endpoint cost", "cluster cost", "pod cost": a billable
//     kind whose cost attribute and warning are checked;
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
			if slices.ContainsFunc(outOfStock, func(p placement) bool { return p.GPU == r.GPU && slices.Equal(r.DataCenters, []string{p.DC}) }) {
				tag("create refused at plan time")
			}
			if i := find(all, r.Volume); i >= 0 && len(r.DataCenters) > 0 && !r.DCFromVolume && r.DataCenters[0] != all[i].DataCenter {
				tag("create refused at plan time")
			}
		case Cluster:
			tag("cluster cost")
			if r.GPU == clusterOutOfStock.GPU {
				tag("create refused at plan time")
			}
		case Volume:
			tag("volume cost")
		case Endpoint:
			tag("endpoint cost")
		}
	}
	deleted := false
	for _, st := range sc.Steps {
		switch {
		case st.Kind == Console && st.Op == "delete" && kindOf(all, st.Target) == Pod:
			deleted = true
		case st.Kind == Console && st.Op == "stock" && deleted,
			st.Kind == Console && st.Op == "delete-no-stock":
			tag("console delete then no stock")
		case st.Kind == Fault && (st.Op == "drop-after" || st.Op == "502-after"):
			tag("fault after the server acted")
		case st.Kind == Edit && st.Op == "datacenters" && find(all, st.Target) >= 0 && all[find(all, st.Target)].Volume != "":
			tag("create refused at plan time")
		case (st.Kind == Edit && st.Op == "rotate") || (st.Kind == Fault && st.EditOp == "rotate"):
			tag("write-only rotation")
		}
	}
	slices.Sort(tags)
	return tags
}

func kindOf(resources []Resource, label string) Kind {
	if i := find(resources, label); i >= 0 {
		return resources[i].Kind
	}
	return ""
}
