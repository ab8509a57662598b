import type { CreatedContact } from '../../types';
import { html, type Html } from './markup';

/** The contacts the run created on the target: what a clean-up after a run against a real account needs. */
export function contactsSection(contacts: CreatedContact[]): Html {
  return html`<section id="contacts">
<h2>Contacts created by the run (${contacts.length})</h2>
${
  contacts.length === 0
    ? html`<p>The run created no contacts.</p>`
    : html`<p>These contacts now exist on the target.</p>
<table class="contacts"><thead><tr><th scope="col">Email</th><th scope="col">contactID</th></tr></thead>
<tbody>${contacts.map((c) => html`<tr><td><code>${c.email}</code></td><td class="number">${c.contactID ?? '—'}</td></tr>`)}</tbody></table>`
}
</section>`;
}
