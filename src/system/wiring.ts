import type { ActorRefFrom } from 'xstate';
import type { CartMachine } from '../../machines/cart/cart.machine';
import { type ChatWidgetMachine, visitorOf } from '../../machines/chat/chatWidget.machine';
import type { SessionMachine } from '../../machines/session/session.machine';

type SessionRef = ActorRefFrom<SessionMachine>;

/**
 * The cart load is keyed by the session's cart id (SPEC section 7): the cart actor follows it
 * through the cookie, a sign-in's adoption, and a new cart. Answers the way to stop following.
 */
export function followCartId(session: SessionRef, cart: ActorRefFrom<CartMachine>): () => void {
  let followed = session.getSnapshot().context.cartId;
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.context.cartId === followed) return;
    followed = snapshot.context.cartId;
    cart.send({ type: 'cart.cartIdChanged', cartId: followed });
  });
  return () => subscription.unsubscribe();
}

/**
 * The chat widget is booted with the visitor on app start (SPEC section 7) and told each time the
 * signed-in customer changes; the widget's machine decides what that means (update, or shut down and
 * boot again on sign-out).
 */
export function followVisitor(session: SessionRef, chat: ActorRefFrom<ChatWidgetMachine>): () => void {
  let user = session.getSnapshot().context.userData;
  chat.send({ type: 'chat.boot', visitor: visitorOf(user) });
  const subscription = session.subscribe((snapshot) => {
    const { userData, token } = snapshot.context;
    if (userData === user) return;
    // A token without a profile is someone whose profile is (re)loading (another tab refreshed the
    // sign-in): not a sign-out, so the conversation is not shut down; the profile's arrival is told.
    if (token !== null && !userData?.uuid) return;
    user = userData;
    chat.send({ type: 'chat.visitorChanged', visitor: visitorOf(user) });
  });
  return () => subscription.unsubscribe();
}
