import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../lib/auth';
import { AllOrders } from '../orders/AllOrders';
import { OrderHistory } from '../orders/OrderHistory';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileDetails } from './ProfileDetails';
import { TabStrip } from '../../components/TabStrip';

const TABS = [
  { value: 'details', label: 'Profile Details', content: <ProfileDetails /> },
  { value: 'password', label: 'Change Password', content: <ChangePasswordForm /> },
  { value: 'orders', label: 'Order History', content: <OrderHistory /> },
  { value: 'all-orders', label: 'All orders', content: <AllOrders />, adminOnly: true },
];

/** Profile tabs; the open one is kept in ?tab= so a reload or a shared link keeps it. */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const isAdmin = Boolean(useCurrentUser()?.isAdmin);
  const tabs = TABS.filter((t) => isAdmin || !t.adminOnly);
  const tab = tabs.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'details';
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Profile
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => {
          // The other parameters are the lists' views (Order History's page, All orders' search, status and page): each
          // stays as it was when its tab is back.
          const next = new URLSearchParams(params);
          next.set('tab', e.value);
          setParams(next, { replace: true });
        }}
        colorPalette="brand"
        variant="line"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
      >
        <TabStrip tabs={tabs} />
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="6">
            {t.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
