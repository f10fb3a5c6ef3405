/** The command API (write side: non-GET /api, and the auth host's /auth-api) as a fastify plugin. */
import type { FastifyInstance } from 'fastify';
import { registerIdempotency, registerInputGuards, registerReadYourWrites, type CheckpointWaiter, type ProtectedEventStore, type Sql } from '@dealer/platform';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { customerRoutes } from './routes/customers';
import { ContactReservations, reservationKeyFrom } from './customers/contact-reservations';
import { authRoutes } from './routes/auth';
import { eventStreamTicketRoutes } from './routes/event-stream-tickets';
import { userRoleRoutes } from './routes/user-roles';
import { appEventRoutes } from './routes/app-events';
import { contactChangeRoutes } from './routes/contact-changes';
import { erasureRoutes } from './routes/erasure';
import { redemptionVerificationRoutes } from './routes/redemption-verifications';
import { opCodeRuleRoutes } from './routes/opcode-verification-rules';
import { failedJobRoutes } from './routes/failed-jobs';
import { parkedEventRoutes } from './routes/parked-events';
import { couponRoutes } from './routes/coupons';
import { packRoutes } from './routes/packs';
import { packSaleRoutes } from './routes/pack-sales';
import { couponRedemptionRoutes } from './routes/coupon-redemptions';
import { paperBookRoutes } from './routes/paper-books';
import { couponRedemptionReviewRoutes } from './routes/coupon-redemption-reviews';
import { customerContactFormRoutes } from './routes/customer-contact-form';
import { onlineOrderRoutes } from './routes/online-orders';
import { giftRoutes } from './routes/gifts';
import { trainingRoutes } from './routes/training';
import { formDraftRoutes } from './routes/form-drafts';
import { FormDraftStore } from '@dealer/platform/form-drafts/store';
import { giftTokenKey } from '@dealer/platform/auth/gift-token';
import { selfRegistrationRoutes } from './routes/self-registration';
import { marketingConsentRoutes } from './routes/marketing-consent';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import type { TokenSettings } from './identity/token-payload';
import type { RefreshPolicy } from './identity/refresh-tokens';

export interface CommandApiDeps {
  /** The store that seals personal data; its vault also erases it. */
  store: ProtectedEventStore;
  sql: Sql;
  /** Commands that consult a read model (validation, duplicates) wait for X-Min-Position too. */
  waiter: CheckpointWaiter;
  tokens: TokenSettings;
  refresh: RefreshPolicy;
  /** createPaymentProvider(env) at start: null (or absent) means online purchase is off. */
  payments?: PaymentProvider | null;
  /** SMS_WEBHOOK_SECRET: proves the SMS provider's inbound texts (ADR 0089); null or absent, they are refused. */
  smsWebhookSecret?: string | null;
}

export function commandApi(deps: CommandApiDeps) {
  return async function plugin(app: FastifyInstance) {
    registerInputGuards(app);
    registerReadYourWrites(app, deps.waiter);
    registerIdempotency(app, { sql: deps.sql, secret: deps.tokens.secret });
    const reservations = new ContactReservations(deps.store, reservationKeyFrom(deps.tokens.secret));
    await app.register(customerRoutes(deps.store, deps.sql, reservations));
    await app.register(authRoutes(deps));
    await app.register(eventStreamTicketRoutes(deps));
    await app.register(selfRegistrationRoutes({ store: deps.store, sql: deps.sql, reservations }));
    await app.register(userRoleRoutes(deps));
    await app.register(appEventRoutes(deps.store));
    await app.register(contactChangeRoutes(deps.store, deps.sql, verificationHashKey(deps.tokens.secret), reservations));
    await app.register(erasureRoutes({ store: deps.store, vault: deps.store.vault, sql: deps.sql }));
    await app.register(redemptionVerificationRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(opCodeRuleRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(failedJobRoutes(deps.sql));
    await app.register(parkedEventRoutes(deps.sql));
    await app.register(couponRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(packRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(packSaleRoutes({ store: deps.store, sql: deps.sql, payments: deps.payments ?? null }));
    await app.register(couponRedemptionRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(paperBookRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(couponRedemptionReviewRoutes({ store: deps.store, sql: deps.sql }));
    await app.register(customerContactFormRoutes({ store: deps.store, sql: deps.sql }));
    const giftKey = giftTokenKey(verificationHashKey(deps.tokens.secret));
    await app.register(onlineOrderRoutes({ store: deps.store, sql: deps.sql, provider: deps.payments ?? null, giftKey }));
    await app.register(giftRoutes({ store: deps.store, sql: deps.sql, giftKey, provider: deps.payments ?? null }));
    await app.register(trainingRoutes({ store: deps.store }));
    await app.register(formDraftRoutes({ drafts: new FormDraftStore(deps.sql, deps.store.vault) }));
    await app.register(marketingConsentRoutes({ store: deps.store, sql: deps.sql, reservations, hashKey: verificationHashKey(deps.tokens.secret), smsWebhookSecret: deps.smsWebhookSecret ?? null }));
  };
}

/** Settings of the auth host from the validated environment. */
export function authSettings(env: { authSecret: string; AUTH_ACCESS_TTL_SECONDS: number; AUTH_RENEW_SECONDS: number; AUTH_REFRESH_IDLE_DAYS: number; AUTH_REFRESH_ABSOLUTE_DAYS: number }) {
  return {
    tokens: { secret: env.authSecret, accessTtlSeconds: env.AUTH_ACCESS_TTL_SECONDS, renewSeconds: env.AUTH_RENEW_SECONDS },
    refresh: { idleDays: env.AUTH_REFRESH_IDLE_DAYS, absoluteDays: env.AUTH_REFRESH_ABSOLUTE_DAYS },
  };
}
