// Form bodies that Node's Request understands, for tests that submit forms. The shop's jsdom
// environment lends Node's fetch/Request/FormData but not URLSearchParams, so:
// - React Router encodes a form as jsdom's URLSearchParams, which Node's Request sends without a
//   form content type (request.formData() then fails): we lend Node's URLSearchParams too;
// - React 19 does `new FormData(form, submitter)` on a prevented submit inside a transition, and
//   Node's FormData cannot read a jsdom <form>: this subclass reads its named controls.
// (Worth moving into jest/jsdom-environment.cjs for every package.)
import { URLSearchParams as NodeURLSearchParams } from 'node:url';

const NodeFormData = globalThis.FormData;

class FormDataReadingForms extends NodeFormData {
  constructor(form?: unknown, submitter?: unknown) {
    super();
    if (form instanceof HTMLFormElement) {
      for (const element of Array.from(form.elements)) {
        const control = element as HTMLInputElement;
        if (!control.name || control.disabled) continue;
        if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
        if (control.type === 'submit' && control !== submitter) continue;
        this.append(control.name, control.value);
      }
    }
  }
}

globalThis.FormData = FormDataReadingForms as typeof FormData;
globalThis.URLSearchParams = NodeURLSearchParams as unknown as typeof URLSearchParams;
export {};
