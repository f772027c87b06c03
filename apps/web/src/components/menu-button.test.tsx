import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './menu-button';

function setup() {
  const chosen = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <MenuButton label="Manage">
        {['Change Plan', 'Buy Data Block', 'Add Nickname'].map((name) => (
          <button
            key={name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => chosen(name)}
          >
            {name}
          </button>
        ))}
      </MenuButton>
      <button type="button">After</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Manage' });
  return { user, chosen, button };
}

describe('MenuButton', () => {
  it('is a closed menu button until opened', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on Enter with focus on the first item, and the arrow keys, Home and End move through it', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Manage' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Change Plan' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Buy Data Block' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Add Nickname' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Change Plan' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Add Nickname' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Change Plan' })).toHaveFocus();
  });

  it('opens on Up Arrow with focus on the last item', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Add Nickname' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('runs the chosen item, closes, and leaves focus on the button', async () => {
    const { user, chosen, button } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toHaveBeenCalledWith('Buy Data Block');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes when focus moves on with Tab or the pointer goes elsewhere', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
