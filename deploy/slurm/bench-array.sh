#!/bin/bash
# minebot bench as a Slurm job array: one task per shard, each writing its shard's `--json`
# result into $RESULTS, then one `bench merge` over the folder.
#
#   sbatch deploy/slurm/bench-array.sh                       # 16 shards of the study below
#   sbatch --array=0-63 deploy/slurm/bench-array.sh          # as many shards as you like
#   GAMES=10000000 sbatch deploy/slurm/bench-array.sh        # the study is set by variables
#   then, when every task is done:
#   minebot bench merge results/                             # or: sbatch --dependency=afterok:JOBID --wrap 'minebot bench merge results/'
#
# Each task reads its shard from SLURM_ARRAY_TASK_ID and the count from SLURM_ARRAY_TASK_COUNT
# (`--shard auto`; --array=0-15 and --array=1-16 both work). A task writes to a .part file and
# renames it when done, so a merge never reads half a shard; a requeued task replays exactly
# the same games. MINEBOT runs minebot some other way (e.g. "node /path/to/bin/minebot.js",
# or "apptainer exec minebot.sif minebot" with the image of deploy/Dockerfile).
#
#SBATCH --job-name=minebot-bench
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=12:00:00
#SBATCH --output=minebot-bench-%A_%a.log
set -euo pipefail

BOARD=${BOARD:-expert}
RULES=${RULES:-safe}
GAMES=${GAMES:-1000000}
SEED=${SEED:-1}
STRATEGY=${STRATEGY:-exact}
WORKERS=${WORKERS:-${SLURM_CPUS_PER_TASK:-1}}
RESULTS=${RESULTS:-results}
MINEBOT=${MINEBOT:-minebot}

mkdir -p "$RESULTS"
out="$RESULTS/shard-${SLURM_ARRAY_TASK_ID}.json"
# shellcheck disable=SC2086 # MINEBOT may be a command with arguments
$MINEBOT bench --board "$BOARD" --rules "$RULES" --games "$GAMES" --seed "$SEED" \
  --strategy "$STRATEGY" --workers "$WORKERS" --shard auto --json > "$out.part"
mv "$out.part" "$out"
