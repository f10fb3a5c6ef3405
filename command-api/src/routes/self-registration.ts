/**
 * POST /auth-api/self-registration (public, issue 13): a visitor registers from /purchase.
 *
 * The visitor gives name, e-mail, mobile phone and confirms being 18 or older. The customer is
 * created (CustomerCreated, the e-mail and mobile reserved at write time by the contact
 * reservations, so one customer per e-mail holds under races) and the registration link is
 * e-mailed through the existing RegistrationMessageRequested job. The password is chosen from
 * that link (POST /auth-api/registration), which signs the customer in: only the owner of the
 * e-mail address can finish an account under it, so nobody can hold someone else's address
 * with a password of their own.
 *
 * - An e-mail whose customer has an account: 409 'Customer is already registered.' (sign in).
 * - An e-mail whose customer has no account yet (created by staff): that customer is sent the
 *   registration link, and the answer is the same as for a new customer; no second customer.
 * - A mobile phone on another customer's profile: 409 on the phone field.
 * - Counted per client address (10 in 15 minutes), after the input is valid.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { customerStreamId, validateProfile } from '@dealer/contracts';
import { SELF_REGISTRATION_MESSAGES, selfRegistrationSchema, type SelfRegistrationAnswer } from '@dealer/contracts/customers/self-registration';
import { DomainError, createdByRequest, handle, type CommandContext, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { ContactValueTakenError, contactValuesOf, normaliseEmail, type ContactReservations } from '../customers/contact-reservations';
import { customerDecider } from '@dealer/domain/customer/decider';
import { loginExists } from '../identity/credentials';
import { countAttempt } from '@dealer/platform/auth/throttle';
import { commandContext } from '../plugins/request-context';
import { problemResponse } from './schemas';

/** Registrations one client address may start in the throttle window (15 minutes). */
export const SELF_REGISTRATIONS_PER_ADDRESS = 10;

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });

function parseOrThrow(input: unknown) {
  const result = v.safeParse(selfRegistrationSchema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? '_'] ??= issue.message;
  throw new DomainError('validation', [...new Set(Object.values(fields))], fields);
}

function alreadyRegistered(): DomainError {
  return new DomainError('conflict', [SELF_REGISTRATION_MESSAGES.alreadyRegistered], { emailAddress: SELF_REGISTRATION_MESSAGES.alreadyRegistered });
}

export function selfRegistrationRoutes(deps: { store: EventStore; sql: Sql; reservations: ContactReservations }) {
  const { store, sql, reservations } = deps;

  /** Asks the registration link for a customer; 'already registered' when they have an account. */
  async function sendLink(customerId: string, ctx: CommandContext, isNew: boolean): Promise<{ position: number | null }> {
    try {
      return await handle(store, customerStreamId(customerId), customerDecider, { type: 'RequestRegistrationMessage', data: { customerId, channel: 'email' } }, ctx);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') throw alreadyRegistered();
      // The holder's reservation is younger than its customer: a registration with this e-mail is being
      // created right now and sends its own link to the same address.
      if (!isNew && error instanceof DomainError && error.kind === 'not_found') return { position: null };
      throw error;
    }
  }

  return async function routes(app: FastifyInstance) {
    app.post(
      '/auth-api/self-registration',
      {
        config: { access: 'public' },
        schema: { ...apiDoc('Registration', 'Create an account', 'A visitor registers (`firstName`, `lastName`, `emailAddress`, `phoneMobile`, `isAdult: true`): 202, and the registration link is e-mailed; the password is chosen from the link. 409 when the e-mail or mobile belongs to another customer; 429 after 10 attempts per address in 15 minutes.'),
          body: {
            type: 'object',
            properties: { firstName: text(100), lastName: text(100), emailAddress: text(254), phoneMobile: text(40), isAdult: { type: 'boolean' } },
          },
          response: {
            202: {
              type: 'object',
              properties: {
                dataSet: { type: 'object', properties: { emailAddress: { type: 'string' } } },
                metaData: { type: 'object', properties: { position: { type: 'string' } } },
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request, reply) => {
        const input = parseOrThrow(request.body);
        if (!(await countAttempt(sql, `self-registration:${request.ip}`, SELF_REGISTRATIONS_PER_ADDRESS))) {
          throw new DomainError('rate_limited', [SELF_REGISTRATION_MESSAGES.throttled]);
        }
        const email = normaliseEmail(input.emailAddress);
        // An account under this e-mail (the sign-in table is the write side of accounts: its login is unique).
        if (await loginExists(sql, email)) throw alreadyRegistered();

        const checked = validateProfile({ firstName: input.firstName, lastName: input.lastName, emailAddress: email, phoneMobile: input.phoneMobile });
        if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
        const profile = { ...checked.value, isTaxExempt: false, verifyRedemptions: false };
        // Recorded as the self-registration (the history shows "System (self-registration)"), not as 'anonymous'.
        const ctx: CommandContext = { ...commandContext(request), actor: 'system:self-registration' };
        const customerId = ctx.newId();
        const values = contactValuesOf(profile);
        let linkFor = customerId;
        try {
          await reservations.reserve(customerId, values, ctx);
        } catch (error) {
          if (!(error instanceof ContactValueTakenError)) throw error;
          if (error.contactKind === 'mobile') {
            throw new DomainError('conflict', [SELF_REGISTRATION_MESSAGES.mobileTaken], { phoneMobile: SELF_REGISTRATION_MESSAGES.mobileTaken });
          }
          // The e-mail is a customer's already: the link goes to that customer (their address), no second customer.
          const holder = await reservations.holderOf({ kind: 'email', value: email });
          if (!holder) throw error;
          linkFor = holder;
        }
        // A retry of this very request after a crash (its derived id) finds the customer it created.
        if (linkFor === customerId && !(await createdByRequest(store, customerStreamId(customerId), ctx))) {
          try {
            await handle(store, customerStreamId(customerId), customerDecider, { type: 'CreateCustomer', data: { customerId, profile } }, ctx);
          } catch (error) {
            await reservations.release(customerId, values, ctx).catch(() => undefined);
            throw error;
          }
        }
        const result = await sendLink(linkFor, ctx, linkFor === customerId);
        const answer: SelfRegistrationAnswer = { emailAddress: email };
        reply.status(202);
        return { dataSet: answer, metaData: result.position === null ? {} : { position: String(result.position) } };
      },
    );
  };
}
