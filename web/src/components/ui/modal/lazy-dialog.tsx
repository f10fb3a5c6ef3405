// A dialog whose code loads when it first opens: what only the dialog needs (its form, rules and styles)
// stays out of the first load of the page that offers it (issue 23: every page's first load at most
// 200 kB gzip). Once opened it stays mounted, so closing plays like any other dialog.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    useEffect(() => {
      if (props.open) setOpened(true);
    }, [props.open]);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
