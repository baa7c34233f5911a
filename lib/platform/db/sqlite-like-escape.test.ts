import { describe, expect, it } from "vitest";
import { withLikeEscape } from "./sqlite-like-escape";
import { escapeLike } from "./text-search";

const sql = (text: string) => withLikeEscape({ sql: text, args: [], argTypes: [] }).sql;

describe("escapeLike", () => {
  it("escapes the wildcards and the escape character, and nothing else", () => {
    expect(escapeLike("50%")).toBe("50\\%");
    expect(escapeLike("user_id")).toBe("user\\_id");
    expect(escapeLike("a\\b")).toBe("a\\\\b");
    expect(escapeLike("\\%_")).toBe("\\\\\\%\\_");
    expect(escapeLike(`it's "É" *?[]`)).toBe(`it's "É" *?[]`);
    expect(escapeLike("")).toBe("");
  });
});

describe("withLikeEscape", () => {
  it("adds ESCAPE to Prisma's contains, startsWith and endsWith", () => {
    expect(sql("SELECT 1 FROM `main`.`T` WHERE `main`.`T`.`name` LIKE ('%' || ? || '%') ORDER BY 1")).toBe(
      "SELECT 1 FROM `main`.`T` WHERE `main`.`T`.`name` LIKE ('%' || ? || '%') ESCAPE '\\' ORDER BY 1",
    );
    expect(sql("a LIKE (? || '%') AND b LIKE ('%' || ?)")).toBe("a LIKE (? || '%') ESCAPE '\\' AND b LIKE ('%' || ?) ESCAPE '\\'");
    expect(sql("NOT (a LIKE (?))")).toBe("NOT (a LIKE (?) ESCAPE '\\')");
  });

  it("leaves LIKEs that name their escape, other LIKEs and other SQL as they are", () => {
    const own = `LOWER(t."name") LIKE LOWER(?) ESCAPE '\\'`;
    expect(sql(own)).toBe(own);
    expect(sql("a LIKE ('%' || ? || '%') ESCAPE '!'")).toBe("a LIKE ('%' || ? || '%') ESCAPE '!'");
    expect(sql(`"name" NOT LIKE 'sqlite_%'`)).toBe(`"name" NOT LIKE 'sqlite_%'`);
    expect(sql("SELECT ? AS liked")).toBe("SELECT ? AS liked");
  });
});
