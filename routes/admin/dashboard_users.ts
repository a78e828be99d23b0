/** Operator API: an account's dashboard users and invitations. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  InvitationCreate,
  listInvitations,
  listUsers,
  newInvitation,
  newUser,
  removeInvitation,
  removeUser,
  UserCreate,
} from "../../domain/dashboard/users.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, notFound } from "./body.ts";

export function dashboardUserRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/accounts/:id/users", async (c) => {
    const u = await newUser(ctx, c.req.param("id"), await adminBody(c, UserCreate));
    return c.json(u, 201);
  });
  r.get(
    "/accounts/:id/users",
    async (c) => c.json({ items: await listUsers(ctx, c.req.param("id")) }),
  );
  r.delete("/accounts/:id/users/:user", async (c) => {
    if (!(await removeUser(ctx, c.req.param("id"), c.req.param("user")))) throw notFound("user");
    return c.body(null, 204);
  });
  r.post("/accounts/:id/invitations", async (c) => {
    const inv = await newInvitation(ctx, c.req.param("id"), await adminBody(c, InvitationCreate));
    return c.json(inv, 201);
  });
  r.get(
    "/accounts/:id/invitations",
    async (c) => c.json({ items: await listInvitations(ctx, c.req.param("id")) }),
  );
  r.delete("/accounts/:id/invitations/:inv", async (c) => {
    if (!(await removeInvitation(ctx, c.req.param("id"), c.req.param("inv")))) {
      throw notFound("invitation");
    }
    return c.body(null, 204);
  });
  return r;
}
