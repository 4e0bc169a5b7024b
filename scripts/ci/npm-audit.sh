#!/usr/bin/env bash
# npm audit of the production dependencies against the registry: a high or critical advisory fails the run. A registry
# that cannot answer the audit (a mirror may refuse its POST) is said in one line, and the run goes on.
set -uo pipefail
report=$(npm audit --omit=dev --audit-level=high --json 2>/dev/null)
status=$?
printf '%s' "$report" | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
    let report;
    try { report = JSON.parse(text); } catch { report = {}; }
    const counts = report.metadata?.vulnerabilities;
    if (!counts) {
      console.log(`npm audit: the registry cannot answer (${report.message ?? report.error?.summary ?? "no report"}); not checked`);
      process.exit(0);
    }
    const line = Object.entries(counts).map(([level, n]) => `${level} ${n}`).join(", ");
    console.log(`npm audit (production dependencies): ${line}`);
    process.exit(Number(process.argv[1]) === 0 ? 0 : 1);
  });
' "$status"
