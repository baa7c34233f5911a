import { describe, expect, it } from "vitest";
import { actions, can, isRole, roles, type Action, type Role } from "./roles";

// The whole matrix, spelled out, so a change to a grant is a visible change to this table.
const expected: Record<Role, Record<Action, boolean>> = {
  admin: {
    read: true, upload: true, "edit-criteria": true, run: true, "build-queue": true, review: true,
    comment: true, "edit-labels": true, "manage-members": true, "manage-own-tokens": true,
  },
  reviewer: {
    read: true, upload: true, "edit-criteria": true, run: true, "build-queue": true, review: true,
    comment: true, "edit-labels": false, "manage-members": false, "manage-own-tokens": true,
  },
  viewer: {
    read: true, upload: false, "edit-criteria": false, run: false, "build-queue": false, review: false,
    comment: false, "edit-labels": false, "manage-members": false, "manage-own-tokens": true,
  },
};

describe("can", () => {
  for (const role of roles) {
    for (const action of actions) {
      it(`${role} ${expected[role][action] ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(expected[role][action]);
      });
    }
  }
});

describe("isRole", () => {
  it("accepts the three roles and nothing else", () => {
    expect(roles.every(isRole)).toBe(true);
    for (const value of ["Admin", "owner", "", null, undefined, 1]) expect(isRole(value)).toBe(false);
  });
});
