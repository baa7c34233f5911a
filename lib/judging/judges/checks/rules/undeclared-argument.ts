import { editDistance } from "../text/edit-distance";
import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { asJsonObject } from "../json";

function allowsExtra(schema: JsonObject, key: string): boolean {
  const extra = schema.additionalProperties;
  if (extra === true || asJsonObject(extra)) return true;
  const patterns = asJsonObject(schema.patternProperties);
  if (patterns) {
    for (const pattern of Object.keys(patterns)) {
      try {
        if (new RegExp(pattern, "u").test(key)) return true;
      } catch {
        // An invalid pattern cannot declare anything.
      }
    }
  }
  return false;
}

function walk(value: JsonValue, schema: JsonObject | undefined, path: string, hits: CheckHit[]): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, index) => walk(item, Array.isArray(items) ? asJsonObject(items[index]) : asJsonObject(items), `${path}[${index}]`, hits));
    return;
  }
  const object = asJsonObject(value);
  if (!object) return;
  const properties = asJsonObject(schema.properties);
  // An object schema without `properties` is free-form: any key is declared.
  if (!properties) return;
  for (const key of Object.keys(object)) {
    const child = object[key];
    if (key in properties) {
      // Only objects and arrays can hold undeclared keys: scalars need no walk (nor path).
      if (typeof child === "object" && child !== null) walk(child, asJsonObject(properties[key]), path ? `${path}.${key}` : key, hits);
      continue;
    }
    if (allowsExtra(schema, key)) continue;
    const childPath = path ? `${path}.${key}` : key;
    const declared = Object.keys(properties);
    const missing = declared.filter((name) => !(name in object));
    const near = missing.find((name) => editDistance(name.toLowerCase(), key.toLowerCase()) <= Math.max(1, Math.floor(name.length / 4)));
    hits.push({
      severity: "major",
      penalty: 0.75,
      path: childPath,
      message: `"${childPath}" is not an argument of this tool.${near ? ` Did it mean "${near}"?` : ""}`,
      evidence: `value ${JSON.stringify(child).slice(0, 80)}; declared: ${declared.join(", ").slice(0, 200) || "none"}`,
    });
  }
}

export const undeclaredArgument: Check = {
  id: "undeclared-argument",
  title: "Undeclared argument",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy", "fabrication"],
  explanation: "Every argument must be declared in the tool's `properties` unless the schema allows additional properties.",
  run(context) {
    if (!context.tool || !context.argsObject) return [];
    const hits: CheckHit[] = [];
    walk(context.argsObject, context.tool.function.parameters, "", hits);
    return hits;
  },
};
