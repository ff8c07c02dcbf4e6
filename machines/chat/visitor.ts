import type { UserData } from '../../contract/auth';
import type { ChatVisitor } from '../../contract/platform';

/** The chat's visitor profile from the signed-in customer (SPEC section 7's fields); {} for a visitor. */
export const visitorOf = (user: Partial<UserData> | null): ChatVisitor =>
  user?.uuid
    ? {
        ...(user.email ? { email: user.email } : {}),
        user_id: user.uuid,
        ...(user.fullname ? { name: user.fullname } : {}),
        ...(user.phone ? { phone: user.phone } : {}),
        ...(user.company ? { company: user.company } : {}),
        plan: 'customer',
        custom_attributes: { signed_in: true },
      }
    : {};

/** Two profiles say the same thing (the fields are always built in the same order by visitorOf). */
export const sameVisitor = (a: ChatVisitor, b: ChatVisitor) => JSON.stringify(a) === JSON.stringify(b);
