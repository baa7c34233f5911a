import { describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { createAuth } from "./auth";
import { DEVICE_COOKIE_DAYS, deviceCookieSettings, makeDeviceValue, verifyDeviceValue } from "./device-cookie";
import { TEST_AUTH_SECRET } from "./test-fixtures/accounts";

const now = new Date(Date.UTC(2026, 0, 1));
const later = (ms: number) => new Date(now.getTime() + ms);
const DAY = 24 * 60 * 60_000;

describe("device cookies", () => {
  it("are trusted for the email they were made for (in any case), and no other", () => {
    const value = makeDeviceValue(TEST_AUTH_SECRET, "Ana@Example.com", now);
    const id = verifyDeviceValue(TEST_AUTH_SECRET, "ana@example.com", value, now);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyDeviceValue(TEST_AUTH_SECRET, "bob@example.com", value, now)).toBeNull();
  });

  it("are refused when altered, signed with another secret, expired or from the future", () => {
    const value = makeDeviceValue(TEST_AUTH_SECRET, "ana@example.com", now);
    const [id, issued, signature] = value.split(".");
    const check = (text: string | undefined, at = now) => verifyDeviceValue(TEST_AUTH_SECRET, "ana@example.com", text, at);
    expect(check(`${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}.${issued}.${signature}`)).toBeNull();
    expect(check(`${id}.${(parseInt(issued, 36) + 1).toString(36)}.${signature}`)).toBeNull();
    expect(check(`${id}.${issued}.${signature.slice(1)}`)).toBeNull();
    expect(check(makeDeviceValue("another-secret-that-is-at-least-32-characters", "ana@example.com", now))).toBeNull();
    expect(check(value, later(DEVICE_COOKIE_DAYS * DAY - 1000))).not.toBeNull();
    expect(check(value, later(DEVICE_COOKIE_DAYS * DAY))).toBeNull();
    expect(check(value, later(-10 * 60_000))).toBeNull();
    for (const junk of [undefined, "", "a.b", "a.b.c.d", `${id}.${issued}`]) expect(check(junk)).toBeNull();
  });

  it("are HttpOnly and SameSite=Lax, and Secure with the __Secure- name exactly when the session cookie is (served over https)", async () => {
    const { prisma, cleanup } = await createTestDatabase("device-cookie");
    try {
      const plain = await deviceCookieSettings(createAuth(prisma, { secret: TEST_AUTH_SECRET, baseURL: "http://localhost:3000", nextCookies: false }));
      expect(plain).toEqual({
        name: "callboard.device",
        secret: TEST_AUTH_SECRET,
        attributes: { httpOnly: true, sameSite: "lax", secure: false, path: "/", maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 },
      });
      const https = await deviceCookieSettings(createAuth(prisma, { secret: TEST_AUTH_SECRET, baseURL: "https://callboard.example", nextCookies: false }));
      expect(https.name).toBe("__Secure-callboard.device");
      expect(https.attributes.secure).toBe(true);
    } finally {
      await cleanup();
    }
  });
});
