import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { PageHeader } from '../../ui/PageHeader';
import { intParam } from '../../ui/int-param';
import { useSearchState } from '../../ui/useSearchState';
import { DeleteRequestsPanel } from './DeleteRequestsPanel';
import { ProtectionRequestsPanel } from './ProtectionRequestsPanel';
import { REQUEST_SEARCH as DEFAULTS, type RequestSearch } from './request-format';
import '../protections/protections.css';
import './requests.css';

/** /requests: protection and delete requests, each with its status filter and paging in the URL. */
export function RequestsPage() {
  const [search, setSearch] = useSearchState(DEFAULTS);
  const tab = search.tab === 'delete' ? 'delete' : 'protection';
  const props: RequestSearch = { search, onSearch: setSearch, page: intParam(search.page, 1) };
  // The two lists know different statuses, so a tab change starts unfiltered on page 1.
  const selectTab = (key: Key) => setSearch({ tab: String(key), status: '' });

  return (
    <>
      <PageHeader title="Requests" />
      <Tabs selectedKey={tab} onSelectionChange={selectTab} className="request-tabs">
        <TabList aria-label="Request kind" className="tab-list">
          <Tab id="protection" className="tab">
            Protection requests
          </Tab>
          <Tab id="delete" className="tab">
            Delete requests
          </Tab>
        </TabList>
        <TabPanel id="protection" className="tab-panel">
          <ProtectionRequestsPanel {...props} />
        </TabPanel>
        <TabPanel id="delete" className="tab-panel">
          <DeleteRequestsPanel {...props} />
        </TabPanel>
      </Tabs>
    </>
  );
}
