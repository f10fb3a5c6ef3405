// Renders pending notification and confirm dialogs as small modals of the stack.
import { useSyncExternalStore } from 'react';
import { Modal } from './modal';
import { getNotifications, subscribeNotifications, type NotificationRequest } from './notification-store';

function NotificationDialog({ request }: { request: NotificationRequest }) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : request.resolve(false))}
      title={request.title}
      size="sm"
      minimizable={false}
      role={request.kind === 'confirm' ? 'alertdialog' : 'dialog'}
    >
      <div className={`modal-body notification notification-${request.kind}-${request.variant}`}>
        {request.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <div className="modal-footer">
        {request.noText !== null && (
          <button type="button" className="btn" onClick={() => request.resolve(false)}>
            {request.noText}
          </button>
        )}
        <button
          type="button"
          className={request.variant === 'danger' && request.kind === 'confirm' ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={() => request.resolve(true)}
          autoFocus
        >
          {request.yesText}
        </button>
      </div>
    </Modal>
  );
}

export function NotificationHost() {
  const requests = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  return (
    <>
      {requests.map((r) => (
        <NotificationDialog key={r.id} request={r} />
      ))}
    </>
  );
}
