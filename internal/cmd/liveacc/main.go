// Command liveacc runs the live acceptance tests (internal/livetest) against
// a real Runpod account, or the server RUNPOD_API_URL names: `make
// testacc-live RUNPOD_LIVE=1` with RUNPOD_API_KEY. Its first line is the
// estimated cost of the run; above the cap (RUNPOD_LIVE_MAX_USD, default
// 0.50) it refuses to start. Every object the run creates carries the run's
// prefix tf-acc-<run id>-; afterwards it lists the account and deletes, and
// fails on, anything of the run that is left.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/runpod-tf/terraform-provider-runpod/internal/livetest"
	"github.com/runpod-tf/terraform-provider-runpod/internal/pricing"
	"github.com/runpod-tf/terraform-provider-runpod/internal/runpod"
	"github.com/runpod-tf/terraform-provider-runpod/internal/sweep"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdout, os.Stderr, goTest); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "testacc-live:", err)
		os.Exit(1)
	}
}

// What the run creates, for the estimate: the objects that bill, each for
// at most maxLife: the cheapest CPU pod with stock and the volume.
// Templates and secrets cost nothing.
const (
	maxLife      = 30 * time.Minute
	volumeGBMax  = 11 // TestAccLive_networkVolume grows 10 -> 11 GB
	hoursPerMon  = 730.0
	defaultCap   = 0.50
	hourlySpend  = "1" // max_hourly_spend of the provider under test (RUNPOD_MAX_HOURLY_SPEND)
	testPackages = "./internal/livetest/"
)

// estimate is the run's worst-case cost in USD: the CPU pod and the
// network volume, each for at most maxLife.
func estimate(cpu livetest.CPUChoice) (float64, string) {
	vol := volumeGBMax * pricing.VolumeRateFirstTier / hoursPerMon * maxLife.Hours()
	pod := cpu.USDPerHour * maxLife.Hours()
	return vol + pod, fmt.Sprintf("a %d vCPU %s pod at %s/h and the %d GB network volume, each for at most %s",
		livetest.PodVCPUs, cpu.ID, pricing.USD(cpu.USDPerHour), volumeGBMax, maxLife)
}

type tester func(ctx context.Context, env []string, stdout, stderr io.Writer) error

func goTest(ctx context.Context, env []string, stdout, stderr io.Writer) error {
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-p", "1", "-timeout", "60m", "-run", "^TestAccLive", "-v", testPackages)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, stdout, stderr
	return cmd.Run()
}

func run(ctx context.Context, getenv func(string) string, stdout, stderr io.Writer, test tester) error {
	if getenv("RUNPOD_LIVE") != "1" {
		return errors.New("live runs are opt-in: set RUNPOD_LIVE=1 (make testacc-live RUNPOD_LIVE=1)")
	}
	key := getenv("RUNPOD_API_KEY")
	if key == "" {
		return errors.New("RUNPOD_API_KEY is not set")
	}
	c, err := runpod.New(runpod.Config{APIKey: key, BaseURL: getenv("RUNPOD_API_URL"), UserAgent: "terraform-provider-runpod-liveacc"})
	if err != nil {
		return err
	}
	cpu, err := livetest.CheapestCPU(ctx, c)
	if err != nil {
		return fmt.Errorf("estimating the run's cost: %w", err)
	}
	cost, what := estimate(cpu)
	capUSD := defaultCap
	if v := getenv("RUNPOD_LIVE_MAX_USD"); v != "" {
		c, err := strconv.ParseFloat(v, 64)
		if err != nil || c < 0 {
			return fmt.Errorf("RUNPOD_LIVE_MAX_USD=%q is not an amount in USD", v)
		}
		capUSD = c
	}
	fmt.Fprintf(stdout, "testacc-live: estimated cost of this run: at most %s (%s); cap %s (RUNPOD_LIVE_MAX_USD)\n",
		pricing.USD(cost), what, pricing.USD(capUSD))
	if cost > capUSD {
		return fmt.Errorf("the estimate %s is above the cap %s: not starting", pricing.USD(cost), pricing.USD(capUSD))
	}
	prefix := sweep.RunPrefix(time.Now())
	fmt.Fprintf(stdout, "testacc-live: run prefix %s; server %s\n", prefix, orDefault(getenv("RUNPOD_API_URL"), runpod.DefaultBaseURL))
	env := append(os.Environ(), "TF_ACC=1", "RUNPOD_LIVE=1", "TF_ACC_RUN_PREFIX="+prefix, "RUNPOD_MAX_HOURLY_SPEND="+hourlySpend)
	testErr := test(ctx, env, stdout, stderr)

	// Whatever the tests did, nothing of this run may stay.
	left, err := sweep.All(context.WithoutCancel(ctx), c, sweep.Options{Prefix: prefix, Out: stdout})
	switch {
	case err != nil:
		return fmt.Errorf("cleaning up the run's objects: %w (run make sweep SWEEP_AGE=0s)", err)
	case left > 0:
		return fmt.Errorf("the run left %d object(s) behind (deleted above); a test does not clean up after itself", left)
	case testErr != nil:
		return fmt.Errorf("live tests failed: %w", testErr)
	}
	fmt.Fprintln(stdout, "testacc-live: passed; nothing of the run is left")
	return nil
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}
