import { describe, expect, it } from "vitest";
import { formatJson } from "./json";
import { formatJunit } from "./junit";
import { formatTable } from "./table";
import { testReport } from "./test-fixtures/report";
import { escapeXmlAttribute, escapeXmlText } from "./xml";

describe("xml escaping", () => {
  it("escapes markup in text and attributes", () => {
    expect(escapeXmlText(`a < b && c > "d"`)).toBe(`a &lt; b &amp;&amp; c &gt; "d"`);
    expect(escapeXmlAttribute(`say "hi" & 'bye'\nnext\tcol`)).toBe("say &quot;hi&quot; &amp; &apos;bye&apos;&#10;next&#9;col");
  });

  it("replaces characters XML cannot hold, keeping astral characters", () => {
    expect(escapeXmlText("bell\u0007 nul\u0000 lone\uD800 ok😀")).toBe("bell\uFFFD nul\uFFFD lone\uFFFD ok😀");
  });
});

describe("junit", () => {
  const xml = formatJunit(testReport({ failUnder: 0.5, rejected: [{ file: "runs.jsonl", line: 7, code: "schema", path: "messages", message: 'messages: expected an array, got a string ("<hi>")' }] }));

  it("has one suite per criterion, one case per call, and totals", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="callboard eval (checks, auto)" tests="7" failures="2" errors="2" skipped="1">')).toBe(true);
    expect(xml).toContain('<testsuite name="C1 Reward tool calls that select appropriate tools and provide accurate parameters" tests="3" failures="1" errors="0" skipped="1">');
    expect(xml).toContain('<testsuite name="C2 Tool call passes if the selected tool and every argument correctly fulfil the user&apos;s request" tests="3" failures="1" errors="1" skipped="0">');
    expect(xml.match(/<testcase /g)).toHaveLength(7);
  });

  it("marks scores below the gate and failed verdicts as failures, errors as errors, n/a as skipped", () => {
    expect(xml).toContain('<failure message="score 0.30 is below 0.5" type="score">');
    expect(xml).toContain('<failure message="the call failed the criterion" type="verdict">fails</failure>');
    expect(xml).toContain('<error message="timed out\uFFFD" type="timeout">error: timed out\uFFFD</error>');
    expect(xml).toContain('<skipped message="not applicable: no response"/>');
  });

  it("escapes names, findings and evidence", () => {
    expect(xml).toContain('classname="Weather &lt;Paris&gt; &amp; &quot;friends&quot;"');
    expect(xml).toContain(`- major schema-violation amount: "amount" must be number but is string. ["12" &lt; 'x']`);
    expect(xml).not.toMatch(/<Paris>/);
  });

  it("lists rejected input items as errors", () => {
    expect(xml).toContain('<testsuite name="rejected input items" tests="1" failures="0" errors="1" skipped="0">');
    expect(xml).toContain('<testcase classname="runs.jsonl" name="line 7 messages">');
    expect(xml).toContain("runs.jsonl, line 7: messages: expected an array, got a string (&quot;&lt;hi&gt;&quot;)".replace(/&quot;/g, '"'));
  });

  it("fails no continuous case without a threshold", () => {
    const plain = formatJunit(testReport());
    expect(plain).not.toContain('type="score"');
    expect(plain).toContain('type="verdict"');
  });
});

describe("table", () => {
  const table = formatTable(testReport({ failUnder: 0.5 }));
  const lines = table.split("\n");

  it("starts with the run and lists the criteria", () => {
    expect(lines[0]).toBe("Callboard eval · judge checks · mode auto · 1 file, 2 transcripts, 3 tool calls");
    expect(lines[2]).toBe("  C1  continuous  Reward tool calls that select appropriate tools and provide accurate parameters");
    expect(lines[3]).toBe("  C2  binary      Tool call passes if the selected tool and every argument correctly fulfil the user's request");
  });

  it("prints one aligned line per call and criterion, the name once per transcript", () => {
    const header = lines.findIndex((line) => line.startsWith("TRANSCRIPT"));
    const rows = lines.slice(header, header + 7);
    expect(rows[0]).toMatch(/^TRANSCRIPT\s+CALL\s+VIEW\s+CRITERION\s+RESULT\s+DETAIL$/);
    const resultColumn = rows[0].indexOf("RESULT");
    expect(rows.slice(1).map((row) => row.slice(resultColumn).split(/\s{2,}/)[0])).toEqual(["0.90", "pass", "0.30", "fail", "n/a", "error"]);
    expect(rows[1].startsWith('Weather <Paris> & "friends"')).toBe(true);
    expect(rows[2].startsWith(" ")).toBe(true);
    expect(rows[3].startsWith("Refund")).toBe(true);
    expect(rows[3]).toContain('"amount" must be number but is string.');
    expect(lines.every((line) => line === line.trimEnd())).toBe(true);
  });

  it("summarises each criterion and states the gate", () => {
    expect(table).toMatch(/C1\s+continuous\s+2\s+1\s+0\s+0\.60\s+-\s+ok \(≥ 0\.5\)/);
    expect(table).toMatch(/C2\s+binary\s+2\s+0\s+1\s+0\.50\s+50% \(1 of 2\)\s+FAIL: 1 of 3 evaluations failed/);
    expect(lines).toContain("Gate: FAILED (--fail-under 0.5): 1 of 2 criteria failed.");
  });

  it("shows every finding with --verbose", () => {
    const verbose = formatTable(testReport(), { verbose: true });
    expect(verbose).toContain(`    - major schema-violation amount: "amount" must be number but is string. ["12" < 'x']`);
    expect(verbose).toContain("    error (timeout): timed out");
  });
});

describe("json", () => {
  it("is one object with results, summary and gate", () => {
    const parsed = JSON.parse(formatJson(testReport({ failUnder: 0.5 })));
    expect(Object.keys(parsed)).toEqual(["version", "judge", "mode", "files", "criteria", "results", "summary", "gate", "rejected"]);
    expect(parsed.criteria[1]).toMatchObject({ id: "C2", kind: "passes-if", scale: "binary" });
    expect(parsed.results).toHaveLength(6);
    expect(parsed.gate).toMatchObject({ passed: false, failUnder: 0.5 });
  });
});
