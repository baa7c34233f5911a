import { describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf, forDialect } from "./dialect";
import { sqlDialect } from "./dialect-sql";

const clientOf = (provider: unknown) => ({ _activeProvider: provider }) as unknown as PrismaClient;

describe("forDialect", () => {
  it("picks the implementation of the client's database", () => {
    const implementations = { sqlite: "sqlite store", postgresql: "postgres store" };
    expect(forDialect(clientOf("sqlite"), implementations)).toBe("sqlite store");
    expect(forDialect(clientOf("postgresql"), implementations)).toBe("postgres store");
  });

  it("refuses a client of a database Callboard does not know", () => {
    expect(() => forDialect(clientOf("mysql"), { sqlite: 1, postgresql: 2 })).toThrow(/no provider Callboard knows/);
    expect(() => dialectOf(clientOf(undefined))).toThrow(/no provider Callboard knows/);
  });

  it("reads a client's database once", () => {
    const client = { _activeProvider: "sqlite" };
    expect(dialectOf(client as unknown as PrismaClient)).toBe("sqlite");
    client._activeProvider = "postgresql";
    expect(dialectOf(client as unknown as PrismaClient)).toBe("sqlite");
  });
});

describe("sqlDialect", () => {
  it("gives each database's fragments and capabilities", () => {
    const sqlite = sqlDialect(clientOf("sqlite"));
    const postgres = sqlDialect(clientOf("postgresql"));
    expect([sqlite.provider, postgres.provider]).toEqual(["sqlite", "postgresql"]);
    expect([sqlite.serialisesTransactions, postgres.serialisesTransactions]).toEqual([true, false]);
    expect([sqlite.storesNul, postgres.storesNul]).toEqual([true, false]);
    expect([sqlite.sharedByMachines, postgres.sharedByMachines]).toEqual([false, true]);
    expect(sqlite.containsIgnoringCase("50%")).toEqual({ contains: "50\\%" });
    expect(postgres.containsIgnoringCase("50%")).toEqual({ contains: "50\\%", mode: "insensitive" });
  });
});
