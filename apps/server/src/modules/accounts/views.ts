import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './schema';

// What other modules may read of accounts (decision 0036): a view, not the table. A view is a
// subquery over the owner's table with the columns the owner chooses to show; PostgreSQL folds
// it into the reader's statement (the same plan and the same single statement as a join on the
// table), and accounts may change its table behind it. No secret leaves: no password hash.

const qb = new QueryBuilder();

/** A person as other modules show and find them: name, contacts, role, standing. */
export const peopleView = qb
  .select({
    id: users.id,
    mobile: users.mobile,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    role: users.role,
    lockedAt: users.lockedAt,
    createdAt: users.createdAt,
    searchText: users.searchText,
  })
  .from(users)
  .as('people');

/** The fields a list selects to name a person (`personName`) and reach them: a nested selection. */
export const personFields = {
  id: peopleView.id,
  firstName: peopleView.firstName,
  lastName: peopleView.lastName,
  mobile: peopleView.mobile,
};
