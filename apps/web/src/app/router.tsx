import { createBrowserRouter } from 'react-router';
import { queryClient } from './query-client';
import { createRoutes } from './create-routes';

export const router = createBrowserRouter(createRoutes(queryClient));
