import type { ImportError, ImportOutcome, ImportWarning } from "../import-types";
import { type AssembleOptions } from "./assemble";
import { groupSpans, importTraceSpans } from "./import-trace";
import { isPhoenixPage, isPhoenixSpan, readPhoenixSpan } from "./phoenix";
import { isTraceRequest, readTraceRequest } from "./read-request";
import type { OtelSpan } from "./span";

interface Located {
  span: OtelSpan;
  line?: number;
  index?: number;
}

/**
 * Span items of an uploaded file (OTLP JSON lines as the collector's and SDKs' file exporters
 * write them, or Phoenix span exports), collected until the file ends, since one trace's spans
 * may be spread over many lines; then assembled, one transcript per trace or session.
 */
export class TraceCollector {
  private readonly spans = new Map<string, Located>();
  private readonly warnings = new Map<string, ImportWarning[]>();
  private groups = 0;

  constructor(
    private readonly file: string,
    private readonly options: AssembleOptions = {},
  ) {}

  static accepts(value: unknown): boolean {
    return isTraceRequest(value) || isPhoenixSpan(value) || isPhoenixPage(value);
  }

  get size(): number {
    return this.spans.size;
  }

  /** Takes the spans of one item; spans that cannot be read come back as errors at their path. */
  add(value: unknown, where: { line?: number; index?: number }): ImportError[] {
    const errors: ImportError[] = [];
    const error = (path: string, message: string): ImportError => ({ file: this.file, ...where, code: "schema", path, message: `${path ? `${path}: ` : ""}${message}` });
    if (isTraceRequest(value)) {
      const read = readTraceRequest(value);
      for (const p of read.rejected) errors.push(error(p.path, p.message));
      for (const span of read.spans) this.keep(span, where);
      // A warning about one span goes with its trace's transcript; one about a resource, with every trace of the item.
      const itemTraces = [...new Set(read.spans.map((span) => span.traceId))];
      for (const p of read.warnings) {
        const warning: ImportWarning = { code: "span_attribute", message: `${where.line ? `line ${where.line}, ` : ""}${p.path}: ${p.message}`, location: { path: p.path } };
        for (const traceId of p.traceId ? [p.traceId] : itemTraces) this.warn(traceId, warning);
      }
      return errors;
    }
    const items = isPhoenixPage(value) ? value.data : [value];
    items.forEach((item, i) => {
      const read = readPhoenixSpan(item as Record<string, unknown>);
      const prefix = items.length > 1 || isPhoenixPage(value) ? `data[${i}].` : "";
      if (read.ok) this.keep(read.span, where);
      else errors.push(error(`${prefix}${read.path}`, read.message));
    });
    return errors;
  }

  private keep(span: OtelSpan, where: { line?: number; index?: number }): void {
    this.spans.set(`${span.traceId}/${span.spanId}`, { span, ...where });
  }

  private warn(traceId: string, warning: ImportWarning): void {
    this.warnings.set(traceId, [...(this.warnings.get(traceId) ?? []), warning]);
  }

  /** One outcome per trace or session, located at the line (or index) of its first span in the file. */
  *finish(): Generator<{ outcome: ImportOutcome; line?: number; index?: number }> {
    const located = new Map<OtelSpan, Located>();
    for (const entry of this.spans.values()) located.set(entry.span, entry);
    for (const group of groupSpans([...this.spans.values()].map((entry) => entry.span))) {
      const first = group.map((span) => located.get(span) as Located).reduce((a, b) => ((a.line ?? a.index ?? 0) <= (b.line ?? b.index ?? 0) ? a : b));
      const where = first.index !== undefined ? { index: first.index, line: first.line } : { line: first.line };
      const outcome = importTraceSpans(group, { file: this.file, ...where, ordinal: ++this.groups }, this.options);
      if (outcome.ok) {
        const traceIds = new Set(group.map((span) => span.traceId));
        for (const traceId of traceIds) outcome.warnings.push(...(this.warnings.get(traceId) ?? []));
      }
      yield { outcome, ...where };
    }
  }
}
