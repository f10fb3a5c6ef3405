// Notification and confirm dialogs (SPEC 2.5) as promises: notify() resolves when closed, confirm() with the answer.
export type NotificationVariant = 'info' | 'success' | 'warning' | 'danger';

export interface NotificationOptions {
  title?: string;
  /** One paragraph per string. */
  message: string | readonly string[];
  variant?: NotificationVariant;
  yesText?: string;
  noText?: string;
}

export interface NotificationRequest {
  id: number;
  kind: 'notify' | 'confirm';
  title: string;
  paragraphs: readonly string[];
  variant: NotificationVariant;
  yesText: string;
  /** Null for a plain notification, which only has the yes button. */
  noText: string | null;
  resolve: (answer: boolean) => void;
}

/** SPEC 2.5 button defaults and the confirmation title. */
export const NOTIFICATION_DEFAULTS = {
  okay: 'Okay',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
  confirmTitle: 'Confirm Action',
} as const;

const VARIANT_TITLES: Record<NotificationVariant, string> = { info: 'Notice', success: 'Success', warning: 'Warning', danger: 'Error' };

type Listener = () => void;
let requests: readonly NotificationRequest[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

function emit() {
  for (const listener of listeners) listener();
}

function push(kind: NotificationRequest['kind'], options: NotificationOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const variant = options.variant ?? (kind === 'confirm' ? 'warning' : 'info');
    const request: NotificationRequest = {
      id,
      kind,
      title: options.title ?? (kind === 'confirm' ? NOTIFICATION_DEFAULTS.confirmTitle : VARIANT_TITLES[variant]),
      paragraphs: typeof options.message === 'string' ? [options.message] : options.message,
      variant,
      yesText: options.yesText ?? (kind === 'confirm' ? NOTIFICATION_DEFAULTS.yes : NOTIFICATION_DEFAULTS.okay),
      noText: kind === 'confirm' ? (options.noText ?? NOTIFICATION_DEFAULTS.no) : (options.noText ?? null),
      resolve: (answer) => {
        requests = requests.filter((r) => r.id !== id);
        emit();
        resolve(answer);
      },
    };
    requests = [...requests, request];
    emit();
  });
}

/** A message with an Okay button (and a Cancel button when noText is given); resolves true for yes. */
export function notify(options: NotificationOptions): Promise<boolean> {
  return push('notify', options);
}

/** 'Confirm Action' with Yes and No; resolves true only for Yes (No, Escape and close give false). */
export function confirm(options: NotificationOptions): Promise<boolean> {
  return push('confirm', options);
}

export function getNotifications(): readonly NotificationRequest[] {
  return requests;
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
