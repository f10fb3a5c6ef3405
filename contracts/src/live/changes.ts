/**
 * Live changes (issue 24 part 3, ADR 0087): the server-sent events that tell a signed-in user's
 * web client that something it shows has changed, so it refetches at once instead of waiting
 * for SPEC's 3 s / 10 s polls. A message names what changed, never its contents: the client
 * refetches through the GET routes (their own checks apply), with the message's position as
 * X-Min-Position so read-your-writes holds. Pure: the query API's stream and the web client share it.
 */
import { REDEMPTION_VERIFICATION_EVENT_TYPES } from '../redemptions/events';
import { PACK_SALE_EVENT_TYPES } from '../packs/sale-events';
import { ISSUED_COUPON_EVENT_TYPES } from '../coupon-redemptions/events';
import { PAPER_BOOK_EVENT_TYPES } from '../paper-books/events';
import { ONLINE_ORDER_EVENT_TYPES } from '../online-orders/events';
import { GIFT_EVENT_TYPES } from '../gifts/events';
import { rolesGrant, type Role } from '../auth/access';

export const EVENT_STREAM_PATH = '/api/events';
export const EVENT_STREAM_TICKET_PATH = '/api/event-stream-tickets';
/** The access resource of both (every signed-in user; the stream filters per message). */
export const EVENT_STREAM_RESOURCE = 'event-stream';

/**
 * What changed: a redemption verification (also a pending approval), a pack sale, an issued coupon's
 * redemption, a paper book (registered, a paper coupon redeemed or its redemption voided, converted), an
 * online order (placed, paid, failed, refunded, cancelled, its payment returned) or a gift (sent, claimed, expired).
 */
export type LiveTopic = 'verification' | 'sale' | 'redemption' | 'paper-book' | 'online-order' | 'gift';
export const LIVE_TOPICS: readonly LiveTopic[] = ['verification', 'sale', 'redemption', 'paper-book', 'online-order', 'gift'];

/** The SSE `event:` names. */
export const LIVE_EVENT = {
  /** Something the user may read changed: data is a LiveMessage. */
  change: 'change',
  /** Sent first on every stream: data `{ position }`, the stream's id is where a reconnect resumes. */
  ready: 'ready',
  /** The stream could not replay what was missed (too old): refetch everything shown. */
  resync: 'resync',
} as const;

export interface LiveMessage {
  topic: LiveTopic;
  /** The verification's, sale's, issued coupon's, online order's or gift's id; a paper book's number. */
  id: string;
  /** Whose records changed: the customer; a gift's buyer (the recipient's coupons come as a `sale`); null for a paper book (staff's only). */
  customerId: string | null;
  /** The global position after which the read model shows the change: send it as X-Min-Position. */
  position: number;
}

/** A change as the server derives it from one event: who it concerns. */
export interface LiveChange extends LiveMessage {
  /** Where it happened (staff with a role there are told); filled in before it is sent. */
  locationIds: number[];
}

/** The access resource of the GET route each topic mirrors (a staff member must hold it at the change's location). */
export const LIVE_TOPIC_RESOURCE: Record<LiveTopic, string> = {
  verification: 'redemption-verifications',
  sale: 'customer-purchases',
  redemption: 'customer-coupons',
  'paper-book': 'paper-books',
  'online-order': 'online-order-list',
  gift: 'online-order-list',
};

export const LIVE_VERIFICATION_EVENT_TYPES: readonly string[] = [...REDEMPTION_VERIFICATION_EVENT_TYPES];
export const LIVE_SALE_EVENT_TYPES: readonly string[] = [...PACK_SALE_EVENT_TYPES, ...ISSUED_COUPON_EVENT_TYPES];
export const LIVE_PAPER_BOOK_EVENT_TYPES: readonly string[] = [...PAPER_BOOK_EVENT_TYPES];
/** Online orders and their gifts: both in the online_orders read model. */
export const LIVE_ORDER_EVENT_TYPES: readonly string[] = [...ONLINE_ORDER_EVENT_TYPES, ...GIFT_EVENT_TYPES];

/** Where the server finds a location an event does not name: the read model row of that verification, sale, paper book or online order. */
export type LiveLookup = { by: 'verification' | 'sale' | 'paper-book' | 'order'; id: string };

/** What an event says about a change: its topic, id, customer, the locations it names, and the row whose location is added to them (null: none). */
export interface EventChange {
  topic: LiveTopic;
  id: string;
  customerId: string | null;
  locationIds: number[];
  lookup: LiveLookup | null;
}

const num = (v: unknown): number[] => (typeof v === 'number' && Number.isInteger(v) ? [v] : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** The change an event of a live type records, or null (another type, or data without the ids). */
/** The lookup when the event names no location (a verification's answer, a sale's finalisation), else null. */
const lookupIfNone = (locations: number[], by: LiveLookup['by'], id: string | null): LiveLookup | null => (locations.length === 0 && id ? { by, id } : null);

export function changeOfEvent(type: string, data: unknown): EventChange | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if ((PAPER_BOOK_EVENT_TYPES as readonly string[]).includes(type)) {
    // Staff's only (the paper conversion page): the book's location of sale is always added, since a
    // redemption's void names only where it was redeemed and a conversion names none.
    const id = str(d.bookNumber);
    const locations = [...new Set([...num(d.locationId), ...num(d.soldLocationId)])];
    return id ? { topic: 'paper-book', id, customerId: null, locationIds: locations, lookup: type === 'PaperBookRegistered' ? null : { by: 'paper-book', id } } : null;
  }
  const customerId = str(d.customerId);
  if (!customerId) return null;
  if (REDEMPTION_VERIFICATION_EVENT_TYPES.has(type)) {
    const id = str(d.redemptionVerificationId);
    const locations = num(d.locationId);
    return id ? { topic: 'verification', id, customerId, locationIds: locations, lookup: lookupIfNone(locations, 'verification', id) } : null;
  }
  if ((PACK_SALE_EVENT_TYPES as readonly string[]).includes(type)) {
    const id = str(d.saleId);
    const locations = type === 'PackSaleLocationCorrected' ? [...num(d.fromLocationId), ...num(d.toLocationId)] : num(d.locationId);
    return id ? { topic: 'sale', id, customerId, locationIds: locations, lookup: lookupIfNone(locations, 'sale', id) } : null;
  }
  if ((ISSUED_COUPON_EVENT_TYPES as readonly string[]).includes(type)) {
    const id = str(d.issuedCouponId);
    const moved = type === 'CouponRedemptionRoChanged' ? [...num((d.from as Record<string, unknown> | undefined)?.locationId), ...num((d.to as Record<string, unknown> | undefined)?.locationId)] : [];
    const locations = [...new Set([...num(d.locationId), ...num(d.soldLocationId), ...moved])];
    return id ? { topic: 'redemption', id, customerId, locationIds: locations, lookup: lookupIfNone(locations, 'sale', str(d.saleId)) } : null;
  }
  if ((ONLINE_ORDER_EVENT_TYPES as readonly string[]).includes(type)) {
    const id = str(d.orderId);
    const locations = num(d.locationId);
    return id ? { topic: 'online-order', id, customerId, locationIds: locations, lookup: lookupIfNone(locations, 'order', id) } : null;
  }
  if ((GIFT_EVENT_TYPES as readonly string[]).includes(type)) {
    // The buyer's: their gifts sent and order pages show it (GiftClaimed's customerId is the recipient, whose coupons come as a sale).
    const id = str(d.giftId);
    const buyer = type === 'GiftClaimed' ? str(d.buyerCustomerId) : customerId;
    const locations = num(d.locationId);
    return id && buyer ? { topic: 'gift', id, customerId: buyer, locationIds: locations, lookup: lookupIfNone(locations, 'order', str(d.orderId)) } : null;
  }
  return null;
}

/** Who is watching: the session's user and the roles they hold now at each location. */
export interface LiveViewer {
  kind: 'employee' | 'customer';
  userId: string;
  rolesAt(locationId: number): Role[];
}

/**
 * Whether the viewer may be told about a change, as the GET route it mirrors would let them read
 * it: a customer their own records only; staff a change at a location where the roles they hold
 * there grant that route (admins everywhere, through rolesAt).
 */
export function mayReceive(viewer: LiveViewer, change: LiveChange): boolean {
  if (viewer.kind === 'customer') return change.customerId !== null && change.customerId === viewer.userId;
  return change.locationIds.some((locationId) => rolesGrant(viewer.rolesAt(locationId), LIVE_TOPIC_RESOURCE[change.topic], 'GET'));
}

/**
 * A stream cursor: how far each source of changes (verifications; sales and redemptions; paper books;
 * online orders and gifts) was read, each its read model's position. Used as the SSE event id.
 */
export interface LiveCursor {
  verifications: number;
  sales: number;
  paperBooks: number;
  orders: number;
}

export const formatCursor = (c: LiveCursor) => `${c.verifications}-${c.sales}-${c.paperBooks}-${c.orders}`;

/** The cursor an SSE Last-Event-ID names, or null when it is not one (a cursor of two sources, from before paper books and orders were followed, is not: it resyncs). */
export function parseCursor(id: string | undefined | null): LiveCursor | null {
  const m = typeof id === 'string' ? /^(\d{1,15})-(\d{1,15})-(\d{1,15})-(\d{1,15})$/.exec(id) : null;
  return m ? { verifications: Number(m[1]), sales: Number(m[2]), paperBooks: Number(m[3]), orders: Number(m[4]) } : null;
}

/** One SSE frame: `id:`, `event:`, one `data:` line of JSON (JSON has no raw newlines), blank line. */
export function sseFrame(frame: { id?: string; event?: string; data: unknown }): string {
  const lines: string[] = [];
  if (frame.id !== undefined) lines.push(`id: ${frame.id.replace(/[\r\n]/g, '')}`);
  if (frame.event !== undefined) lines.push(`event: ${frame.event.replace(/[\r\n]/g, '')}`);
  lines.push(`data: ${JSON.stringify(frame.data)}`);
  return `${lines.join('\n')}\n\n`;
}

/** A comment line: proxies and the browser see traffic, EventSource ignores it. */
export const sseComment = (text: string) => `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;

/** `retry:` tells EventSource how long to wait before reconnecting. */
export const sseRetry = (ms: number) => `retry: ${Math.max(0, Math.floor(ms))}\n\n`;

export const LIVE_MESSAGES = {
  tooManyStreams: 'Too many live update streams are open for this user. Close another tab and try again.',
  notAcceptable: 'This route answers text/event-stream only.',
} as const;
