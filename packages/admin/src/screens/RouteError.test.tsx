// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-kit';
import { RouteError } from './RouteError';

function Broken(): never {
  throw new Error('The editor view is not available');
}

describe('a screen that throws while rendering', () => {
  it('keeps the frame and says what happened, with a way to reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <div>
              <nav aria-label="Content tree panel">tree</nav>
              <Outlet />
            </div>
          ),
          children: [
            { errorElement: <RouteError />, children: [{ index: true, element: <Broken /> }] },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    renderAdmin(<RouterProvider router={router} />);
    expect(await screen.findByText('This screen stopped working')).toBeTruthy();
    expect(screen.getByText('The editor view is not available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Content tree panel' })).toBeTruthy();
  });
});
