import type { CreatedContact } from '../../types';
import { html, type Html } from './markup';

/** Contacts listed on the page; a run of 1,000-row imports creates thousands, all of them in conformance.json. */
const LISTED = 50;

/** The contacts the run created on the target: what a clean-up after a run against a real account needs. */
export function contactsSection(contacts: CreatedContact[]): Html {
  const listed = contacts.slice(0, LISTED);
  const rest = contacts.length - listed.length;
  return html`<section id="contacts">
<h2>Contacts created by the run (${contacts.length})</h2>
${
  contacts.length === 0
    ? html`<p>The run created no contacts.</p>`
    : html`<p>These contacts now exist on the target${rest > 0 ? html`; the first ${LISTED} are listed, every one is in conformance.json (<code>createdContacts</code>)` : ''}.</p>
<table class="contacts"><thead><tr><th scope="col">Email</th><th scope="col">contactID</th></tr></thead>
<tbody>${listed.map((c) => html`<tr><td><code>${c.email}</code></td><td class="number">${c.contactID ?? '—'}</td></tr>`)}</tbody></table>
${rest > 0 ? html`<p class="muted">... and ${rest} more.</p>` : ''}`
}
</section>`;
}
