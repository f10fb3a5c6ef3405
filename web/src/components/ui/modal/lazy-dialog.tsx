// A dialog whose code loads when it first opens: what only the dialog needs (its form, rules and styles)
// stays out of the first load of the page that offers it (issue 23: every page's first load at most
// 200 kB gzip). Once opened it stays mounted, so closing plays like any other dialog.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** `isOpen` says whether props open the dialog: its `open` prop unless the dialog opens on something else. */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    useEffect(() => {
      if (open) setOpened(true);
    }, [open]);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
