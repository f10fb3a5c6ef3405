// Root component: providers around the router; the router also becomes the navigator of non-React code.
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installAuthHooks } from '../lib/auth/session';
import { setNavigator } from '../lib/navigation';
import { AppProvider } from './provider';
import { createRouter } from './router';

function createAppRouter() {
  installAuthHooks();
  const router = createRouter();
  setNavigator((to, options) => void router.navigate(to, options));
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
