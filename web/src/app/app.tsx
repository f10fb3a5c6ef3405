// Root component: providers around the router; the router also becomes the navigator of non-React code.
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installAuthHooks } from '../lib/auth/session';
import { subscribeAccessChange } from '../lib/auth/session-store';
import { setNavigator } from '../lib/navigation';
import { AppProvider } from './provider';
import { createRouter } from './router';

function createAppRouter() {
  installAuthHooks();
  const router = createRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  // Issue 20: roles changed by an admin arrive with a renewed token; the page guards decide again at once.
  subscribeAccessChange(() => void router.revalidate());
  return router;
}

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
