/**
 * How a person names a service where they choose one or see it as a row (issue 41): the name they
 * gave it, else what it is and where, with its AVC id (or phone number) as secondary text.
 * Apart from services.ts (which the login page loads): only the pages that name services load it.
 */
import { formatPhone, serviceName, technologyLabel } from './phone-format';

export type NameableService = {
  nickname: string | null;
  technology: string;
  identifier: string;
  /**
   * The address, when the caller may see it: a contact with view-activity alone reads services
   * without it (docs/decisions/039), and then a service is named by its technology and identifier.
   */
  addr_abbr?: string;
  addr_line?: string;
  addr_suburb?: string;
  addr_state?: string;
  addr_postcode?: string;
};

/** The service address: the abbreviation, else line, suburb, state and postcode; '' if none. */
export function serviceAddress(service: NameableService): string {
  if (service.addr_abbr?.trim()) return service.addr_abbr.trim();
  const place = [service.addr_suburb, service.addr_state, service.addr_postcode]
    .filter(Boolean)
    .join(' ');
  return [service.addr_line, place].filter(Boolean).join(', ');
}

/**
 * A service's friendly name: its nickname ('Cottage'); else its technology and address
 * ('Sky Muster Plus at 12 Wattle Rd, Longreach QLD'); else, the address unknown, its technology
 * and identifier ('Landline 07 5550 0123').
 */
export function serviceDisplayName(service: NameableService): string {
  const nickname = service.nickname?.trim();
  if (nickname) return nickname;
  const address = serviceAddress(service);
  if (address) return `${technologyLabel(service.technology)} at ${address}`;
  return serviceName(service.technology, service.identifier);
}

/**
 * What the friendly name leaves out, as secondary text: the AVC id or phone number, with the
 * technology when the name is a nickname ('Sky Muster Plus AVC000777000333'); '' when the name
 * already is the technology and identifier.
 */
export function serviceSecondaryName(service: NameableService): string {
  if (service.nickname?.trim()) return serviceName(service.technology, service.identifier);
  if (serviceAddress(service)) return formatPhone(service.identifier);
  return '';
}

/**
 * A plan picker's option (spec 1 section 2 'a plan dropdown listing services', spec 2 section 2
 * 'a plan selector'): what the old option said (nickname, technology, identifier and plan), name
 * first, so a closed select cut short on a phone still shows which service it is:
 * 'Cottage · Sky Muster Plus 50 · Sky Muster Plus AVC000777000333',
 * 'Sky Muster Plus at 12 Wattle Rd, Longreach QLD · Sky Muster Plus 50 · AVC000123456789'.
 */
export function serviceOptionLabel(service: NameableService & { plan: string }): string {
  return [serviceDisplayName(service), service.plan, serviceSecondaryName(service)]
    .filter(Boolean)
    .join(' · ');
}
