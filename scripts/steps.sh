# Test steps for scripts/test and scripts/test_sanitizers (sourced, not run).
#
#   step NAME CMD...        runs CMD now: "=== NAME", its output, then
#                           "--- NAME: ok (N s)" or "--- NAME: FAILED (N s)"
#   step_async NAME CMD...  the same, side by side with others (below)
#   finish_steps            waits for them and prints their output in order
#
# A failed step sets status=1 and adds its name to failed_steps; the caller
# ends with those. A caller that must check more than the exit status (the
# sanitizers' report folders) defines step_prepare and step_check: the first
# runs before CMD, the second after it, and a non-zero return fails the step.
#
# Note [Steps side by side]: the suites run one process at a time and each
# is single-threaded (OMP_NUM_THREADS=1), so on CI's two cores the steps run
# $step_jobs at a time (BACKSTEP_TEST_JOBS, default: the number of cores),
# each in a subshell with its own log; their output is printed whole, in the
# order they were started, when the group ends. This halves the steps' wall
# time there. Callers start the longest first, so the lanes end together.

status=0
failed_steps=()
step_jobs=${BACKSTEP_TEST_JOBS:-$("$(dirname "${BASH_SOURCE[0]}")/cores")}
step_started=()
step_logs=$(mktemp -d)
trap 'rm -rf "$step_logs"' EXIT

step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local start=$SECONDS ok=1
  if declare -F step_prepare > /dev/null; then step_prepare; fi
  "$@" || ok=0
  if declare -F step_check > /dev/null; then step_check || ok=0; fi
  if [ $ok = 1 ]; then
    echo "--- $name: ok ($((SECONDS - start)) s)"
  else
    echo "--- $name: FAILED ($((SECONDS - start)) s)"
    status=1
    failed_steps+=("$name")
  fi
}

# The subshell knows its place among the steps as $step_index (for a
# folder of its own).
step_async() {
  while [ "$(jobs -rp | wc -l)" -ge "$step_jobs" ]; do wait -n; done
  local step_index=${#step_started[@]}
  local log=$step_logs/$step_index
  step_started+=("$log")
  echo "(started: $1)"
  (
    status=0
    step "$@"
    [ $status = 0 ] || echo "$1" > "$log.failed"
  ) > "$log" 2>&1 &
}

finish_steps() {
  wait
  local log
  for log in "${step_started[@]}"; do
    cat "$log"
    if [ -f "$log.failed" ]; then
      status=1
      failed_steps+=("$(cat "$log.failed")")
    fi
  done
  step_started=()
}
