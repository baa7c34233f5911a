import { PyDict, type PyValue } from "@/lib/references/py-value";

/**
 * An output line built as Python values, so that numbers read from the input keep their kind
 * when written (`2.0` stays a float: toPyJson). Undefined fields are left out.
 */
export function pyObject(fields: Record<string, PyValue | undefined>): PyDict {
  return new PyDict(new Map(Object.entries(fields).filter((entry): entry is [string, PyValue] => entry[1] !== undefined)));
}
