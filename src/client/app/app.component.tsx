import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../ui/lazy-toaster.component';
import { AppRoutes } from './app-routes.component';
import { appRoutes } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={appRoutes} />
      </BrowserRouter>
      <LazyToaster />
    </QueryClientProvider>
  );
}
