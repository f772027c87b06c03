import type { PermissionDefinition } from '@outpost/contracts/contacts';
import { useId } from 'react';
import { bySection } from '../utils/permissions';

export type PermissionPickerProps = {
  /** The permissions to show, in the server's order; grouped by their section. */
  permissions: readonly PermissionDefinition[];
  /** The ticked permission names. */
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** Shown but not changeable (the caller does not hold them, so cannot grant them). */
  locked?: ReadonlySet<string>;
};

/**
 * The permissions of the two wizards: a group per section, each with a Select All box (ticked
 * when every changeable permission of the section is, mixed when some are).
 */
export function PermissionPicker({
  permissions,
  chosen,
  onChange,
  locked = new Set(),
}: PermissionPickerProps) {
  const ids = useId();
  const toggle = (names: readonly string[], on: boolean) => {
    const rest = chosen.filter((name) => !names.includes(name));
    onChange(on ? [...rest, ...names] : rest);
  };

  return (
    <div className="permission-picker">
      {bySection(permissions).map(({ section, items }, s) => {
        const changeable = items.filter((d) => !locked.has(d.permission)).map((d) => d.permission);
        const ticked = changeable.filter((name) => chosen.includes(name)).length;
        const all = changeable.length > 0 && ticked === changeable.length;
        const some = ticked > 0 && !all;
        const allId = `${ids}-${s}-all`;
        return (
          <fieldset key={section} className="choice-group permission-picker__section">
            <legend className="choice-group__legend">{section}</legend>
            <div className="choice permission-picker__all">
              <input
                type="checkbox"
                id={allId}
                checked={all}
                disabled={changeable.length === 0}
                ref={(input) => {
                  if (input) input.indeterminate = some;
                }}
                onChange={(event) => toggle(changeable, event.target.checked)}
              />
              <label htmlFor={allId} className="choice__label">
                Select All<span className="visually-hidden"> {section} permissions</span>
              </label>
            </div>
            {items.map((definition) => {
              const id = `${ids}-${definition.permission}`;
              const isLocked = locked.has(definition.permission);
              return (
                <div key={definition.permission} className="choice">
                  <input
                    type="checkbox"
                    id={id}
                    checked={chosen.includes(definition.permission)}
                    disabled={isLocked}
                    aria-describedby={isLocked ? `${id}-locked` : undefined}
                    onChange={(event) => toggle([definition.permission], event.target.checked)}
                  />
                  <label htmlFor={id} className="choice__label">
                    {definition.label}
                  </label>
                  {isLocked && (
                    <p id={`${id}-locked`} className="choice__description">
                      Only someone who holds this permission can change it.
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
