import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LazyToaster } from '../ui/lazy-toaster.component';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  );
}
