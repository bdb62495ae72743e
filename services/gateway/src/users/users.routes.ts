import { json, operation, type Handler } from '../operation';
import type { ActiveSession } from '../sessions/session.service';
import type { UserService } from './user.service';
import { userSummary } from './user.view';

export function userRoutes(deps: { users: UserService }): Record<string, Handler> {
  return {
    listUsers: async ({ query }) => {
      const page = Number(query.page ?? 1);
      const perPage = Number(query.per_page ?? 50);
      const filter = {
        search: query.search as string | undefined,
        role: query.role as string | undefined,
      };
      const { items, total } = await deps.users.list(filter, page, perPage);
      return json(200, {
        items: items.map(userSummary),
        total,
        page,
        per_page: perPage,
        total_pages: Math.ceil(total / perPage),
      });
    },

    createUser: operation<'createUser'>(async ({ body }) =>
      json(201, userSummary(await deps.users.create(body))),
    ),

    updateUser: operation<'updateUser'>(async ({ params, body, session }) => {
      const acting = (session as ActiveSession).idHash;
      return json(
        200,
        userSummary(await deps.users.update(BigInt(params.user_id as string), body, acting)),
      );
    }),

    deleteUser: async ({ params, session }) => {
      const id = BigInt(params.user_id as string);
      await deps.users.delete(id, (session as ActiveSession).user.id);
      return json(200, { deleted: true, id: Number(id) });
    },
  };
}
