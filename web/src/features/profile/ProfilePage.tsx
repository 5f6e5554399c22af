import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileDetails } from './ProfileDetails';

const TABS = [
  { value: 'details', label: 'Profile Details', content: <ProfileDetails /> },
  { value: 'password', label: 'Change Password', content: <ChangePasswordForm /> },
];

/** Profile tabs; the open one is kept in ?tab= so a reload or a shared link keeps it. */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'details';
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Profile
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setParams({ tab: e.value }, { replace: true })}
        colorPalette="brand"
        variant="line"
        lazyMount
      >
        <Tabs.List overflowX="auto">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="6">
            {t.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
