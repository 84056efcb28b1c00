/** Orders: the queue by state, a project's page, production batches and the delivery log. */
import { Route, Routes, useParams } from 'react-router';
import { OrdersNav } from './common.tsx';
import { Queue } from './queue.tsx';
import { ProjectPage } from './project.tsx';
import { BatchList, BatchPage } from './batches.tsx';
import { DeliveryLog } from './deliveries.tsx';

export default function Orders() {
  const { store = '' } = useParams();
  const base = `/admin/s/${store}/orders`;
  return (
    <>
      <OrdersNav base={base} />
      <Routes>
        <Route index element={<Queue />} />
        <Route path="batches" element={<BatchList />} />
        <Route path="batches/:id" element={<BatchPage />} />
        <Route path="deliveries" element={<DeliveryLog />} />
        <Route path=":id" element={<ProjectPage />} />
      </Routes>
    </>
  );
}
