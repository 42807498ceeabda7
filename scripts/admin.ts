import { findUserByEmail, grantRole, revokeRole } from '../server/features/auth/users.repo';
import { newId } from '../server/lib/ids';
import { openConfiguredDb } from './cli-db';

/** npm run admin -- grant <email> | revoke <email> */
const [action, email] = process.argv.slice(2);
if (!['grant', 'revoke'].includes(action ?? '') || !email) {
  console.error('Usage: npm run admin -- grant <email> | revoke <email>');
  process.exit(2);
}
const { db } = await openConfiguredDb();
try {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) {
    console.error(`No account with the e-mail ${email}`);
    process.exitCode = 1;
  } else if (action === 'grant') {
    await grantRole(db, user.id, 'admin', newId(), new Date().toISOString());
    console.log(`${user.email} is now an admin`);
  } else {
    const n = await revokeRole(db, user.id, 'admin');
    console.log(n ? `${user.email} is no longer an admin` : `${user.email} was not an admin`);
  }
} finally {
  await db.destroy();
}
