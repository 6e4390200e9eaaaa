/**
 * Type tests of `client.users` (users-permissions' user routes) on the kitchen-sink schema:
 * results follow `populate` and `fields` as on content types, ids are numbers, `create` needs
 * what Strapi requires, and `create`/`update` return the user with its role. Checked by
 * `tsc -p tsconfig.json` (never run).
 */
import { expectTypeOf } from 'expect-type';
import type { CmsClient, UsersPermissionsRole, UsersPermissionsUser } from './generated/kitchen/index.ts';
import type { UsersPermissionsUserInput } from './generated/kitchen/types.ts';

declare const cms: CmsClient;

expectTypeOf(await cms.users.find()).toEqualTypeOf<UsersPermissionsUser[]>();
{
  const [user] = await cms.users.find({
    populate: { role: true },
    sort: 'username:asc',
    start: 0,
    limit: 10,
  });
  expectTypeOf(user!.role).toEqualTypeOf<UsersPermissionsRole | null>();
  expectTypeOf(user!.username).toEqualTypeOf<string>();
}
{
  const [user] = await cms.users.find({ fields: ['username'], filters: { confirmed: { $eq: true } } });
  expectTypeOf(user!.username).toEqualTypeOf<string>();
  // @ts-expect-error not selected
  void user!.email;
  // @ts-expect-error the role was not populated
  void user!.role;
}
// @ts-expect-error users page with flat start and limit: Strapi ignores `pagination` here
await cms.users.find({ pagination: { page: 1 } });
// @ts-expect-error not a user field
await cms.users.find({ filters: { title: 'x' } });

expectTypeOf(await cms.users.findOne(1)).toEqualTypeOf<UsersPermissionsUser | null>();
{
  const user = await cms.users.findOne(1, { populate: ['role'] });
  expectTypeOf(user!.role).toEqualTypeOf<UsersPermissionsRole | null>();
}
// @ts-expect-error users are addressed by their numeric id
await cms.users.findOne('a-document-id');

expectTypeOf(await cms.users.count()).toEqualTypeOf<number>();
expectTypeOf(await cms.users.count({ filters: { blocked: true } })).toEqualTypeOf<number>();

{
  const created = await cms.users.create({
    username: 'ada',
    email: 'ada@example.test',
    password: 'secret',
    role: 1,
  });
  expectTypeOf(created.role).toEqualTypeOf<UsersPermissionsRole | null>();
  expectTypeOf(created.email).toEqualTypeOf<string>();
}
// @ts-expect-error Strapi requires the role
await cms.users.create({ username: 'ada', email: 'ada@example.test', password: 'secret' });
// @ts-expect-error and the password
await cms.users.create({ username: 'ada', email: 'ada@example.test', role: 1 });
{
  const updated = await cms.users.update(1, { blocked: true });
  expectTypeOf(updated.role).toEqualTypeOf<UsersPermissionsRole | null>();
  expectTypeOf<Parameters<typeof cms.users.update>[1]>().toEqualTypeOf<Partial<UsersPermissionsUserInput>>();
}
expectTypeOf(await cms.users.delete(1)).toEqualTypeOf<UsersPermissionsUser | null>();
