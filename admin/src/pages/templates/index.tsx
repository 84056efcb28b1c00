/** Templates: the list, a new one, and each template's layout (the editor in template mode) and preview. */
import { Route, Routes } from 'react-router';
import { CreateTemplate } from './create.tsx';
import { TemplateList } from './list.tsx';
import { TemplatePage } from './page.tsx';

export default function Templates() {
  return (
    <Routes>
      <Route index element={<TemplateList />} />
      <Route path="new" element={<CreateTemplate />} />
      <Route path=":id/*" element={<TemplatePage />} />
    </Routes>
  );
}
