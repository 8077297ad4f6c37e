import type { SvgIconComponent } from '@mui/icons-material'
import AccountBalance from '@mui/icons-material/AccountBalance'
import AccountTree from '@mui/icons-material/AccountTree'
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings'
import AirportShuttle from '@mui/icons-material/AirportShuttle'
import AlarmOn from '@mui/icons-material/AlarmOn'
import Apartment from '@mui/icons-material/Apartment'
import ApiIcon from '@mui/icons-material/Api'
import AppsIcon from '@mui/icons-material/Apps'
import ArticleIcon from '@mui/icons-material/Article'
import Assessment from '@mui/icons-material/Assessment'
import Assignment from '@mui/icons-material/Assignment'
import AssignmentInd from '@mui/icons-material/AssignmentInd'
import AttachFile from '@mui/icons-material/AttachFile'
import Attachment from '@mui/icons-material/Attachment'
import Badge from '@mui/icons-material/Badge'
import BadgeOutlined from '@mui/icons-material/BadgeOutlined'
import Ballot from '@mui/icons-material/Ballot'
import BarChart from '@mui/icons-material/BarChart'
import BookIcon from '@mui/icons-material/Book'
import Bookmarks from '@mui/icons-material/Bookmarks'
import BugReport from '@mui/icons-material/BugReport'
import BuildIcon from '@mui/icons-material/Build'
import BusinessIcon from '@mui/icons-material/Business'
import BusinessCenter from '@mui/icons-material/BusinessCenter'
import CalendarMonth from '@mui/icons-material/CalendarMonth'
import Campaign from '@mui/icons-material/Campaign'
import CardMembership from '@mui/icons-material/CardMembership'
import CarRepair from '@mui/icons-material/CarRepair'
import CategoryIcon from '@mui/icons-material/Category'
import CloudIcon from '@mui/icons-material/Cloud'
import CloudUpload from '@mui/icons-material/CloudUpload'
import CodeIcon from '@mui/icons-material/Code'
import Copyright from '@mui/icons-material/Copyright'
import CurrencyExchange from '@mui/icons-material/CurrencyExchange'
import DashboardIcon from '@mui/icons-material/Dashboard'
import DataObject from '@mui/icons-material/DataObject'
import Description from '@mui/icons-material/Description'
import DirectionsCar from '@mui/icons-material/DirectionsCar'
import Dns from '@mui/icons-material/Dns'
import Domain from '@mui/icons-material/Domain'
import EditNote from '@mui/icons-material/EditNote'
import EmojiPeople from '@mui/icons-material/EmojiPeople'
import EventIcon from '@mui/icons-material/Event'
import EventNote from '@mui/icons-material/EventNote'
import FactCheck from '@mui/icons-material/FactCheck'
import Factory from '@mui/icons-material/Factory'
import FilterAlt from '@mui/icons-material/FilterAlt'
import FolderIcon from '@mui/icons-material/Folder'
import FolderOpen from '@mui/icons-material/FolderOpen'
import ForwardToInbox from '@mui/icons-material/ForwardToInbox'
import Gavel from '@mui/icons-material/Gavel'
import GroupIcon from '@mui/icons-material/Group'
import Groups from '@mui/icons-material/Groups'
import Handshake from '@mui/icons-material/Handshake'
import HistoryEdu from '@mui/icons-material/HistoryEdu'
import HomeIcon from '@mui/icons-material/Home'
import Hotel from '@mui/icons-material/Hotel'
import HowToReg from '@mui/icons-material/HowToReg'
import Insights from '@mui/icons-material/Insights'
import InventoryIcon from '@mui/icons-material/Inventory'
import Inventory2 from '@mui/icons-material/Inventory2'
import KeyIcon from '@mui/icons-material/Key'
import LabelIcon from '@mui/icons-material/Label'
import Leaderboard from '@mui/icons-material/Leaderboard'
import LibraryBooks from '@mui/icons-material/LibraryBooks'
import LinkIcon from '@mui/icons-material/Link'
import ListIcon from '@mui/icons-material/List'
import ListAlt from '@mui/icons-material/ListAlt'
import LiveHelp from '@mui/icons-material/LiveHelp'
import LocalOffer from '@mui/icons-material/LocalOffer'
import LocationCity from '@mui/icons-material/LocationCity'
import LockIcon from '@mui/icons-material/Lock'
import MapIcon from '@mui/icons-material/Map'
import MenuIcon from '@mui/icons-material/Menu'
import MenuBook from '@mui/icons-material/MenuBook'
import MessageIcon from '@mui/icons-material/Message'
import MonetizationOn from '@mui/icons-material/MonetizationOn'
import MonitorHeart from '@mui/icons-material/MonitorHeart'
import NotesIcon from '@mui/icons-material/Notes'
import Notifications from '@mui/icons-material/Notifications'
import NotificationsActive from '@mui/icons-material/NotificationsActive'
import Payments from '@mui/icons-material/Payments'
import PendingActions from '@mui/icons-material/PendingActions'
import People from '@mui/icons-material/People'
import PersonIcon from '@mui/icons-material/Person'
import PersonSearch from '@mui/icons-material/PersonSearch'
import PlayCircle from '@mui/icons-material/PlayCircle'
import Poll from '@mui/icons-material/Poll'
import PublicIcon from '@mui/icons-material/Public'
import Quiz from '@mui/icons-material/Quiz'
import ReceiptIcon from '@mui/icons-material/Receipt'
import ReceiptLong from '@mui/icons-material/ReceiptLong'
import Schedule from '@mui/icons-material/Schedule'
import SchemaIcon from '@mui/icons-material/Schema'
import School from '@mui/icons-material/School'
import Science from '@mui/icons-material/Science'
import SecurityIcon from '@mui/icons-material/Security'
import SendIcon from '@mui/icons-material/Send'
import SettingsIcon from '@mui/icons-material/Settings'
import SettingsApplications from '@mui/icons-material/SettingsApplications'
import SettingsSuggest from '@mui/icons-material/SettingsSuggest'
import Sms from '@mui/icons-material/Sms'
import StorageIcon from '@mui/icons-material/Storage'
import StyleIcon from '@mui/icons-material/Style'
import Summarize from '@mui/icons-material/Summarize'
import TableChart from '@mui/icons-material/TableChart'
import TaskIcon from '@mui/icons-material/Task'
import TaskAlt from '@mui/icons-material/TaskAlt'
import TimelineIcon from '@mui/icons-material/Timeline'
import Tune from '@mui/icons-material/Tune'
import ViewAgenda from '@mui/icons-material/ViewAgenda'
import ViewColumn from '@mui/icons-material/ViewColumn'
import ViewListIcon from '@mui/icons-material/ViewList'
import ViewModule from '@mui/icons-material/ViewModule'
import ViewQuilt from '@mui/icons-material/ViewQuilt'
import WorkIcon from '@mui/icons-material/Work'

/** Menu icons are MUI icon names (`source`); only the names the menus use are bundled. */
const ICONS: Record<string, SvgIconComponent> = {
  AccountBalance,
  AccountTree,
  AdminPanelSettings,
  AirportShuttle,
  AlarmOn,
  Apartment,
  Api: ApiIcon,
  Apps: AppsIcon,
  Article: ArticleIcon,
  Assessment,
  Assignment,
  AssignmentInd,
  AttachFile,
  Attachment,
  Badge,
  BadgeOutlined,
  Ballot,
  BarChart,
  Book: BookIcon,
  Bookmarks,
  BugReport,
  Build: BuildIcon,
  Business: BusinessIcon,
  BusinessCenter,
  CalendarMonth,
  Campaign,
  CarRepair,
  CardMembership,
  Category: CategoryIcon,
  Cloud: CloudIcon,
  CloudUpload,
  Code: CodeIcon,
  Copyright,
  CurrencyExchange,
  Dashboard: DashboardIcon,
  DataObject,
  Description,
  DirectionsCar,
  Dns,
  Domain,
  EditNote,
  EmojiPeople,
  Event: EventIcon,
  EventNote,
  FactCheck,
  Factory,
  FilterAlt,
  Folder: FolderIcon,
  FolderOpen,
  ForwardToInbox,
  Gavel,
  Group: GroupIcon,
  Groups,
  Handshake,
  HistoryEdu,
  Home: HomeIcon,
  Hotel,
  HowToReg,
  Insights,
  Inventory: InventoryIcon,
  Inventory2,
  Key: KeyIcon,
  Label: LabelIcon,
  Leaderboard,
  LibraryBooks,
  Link: LinkIcon,
  List: ListIcon,
  ListAlt,
  LiveHelp,
  LocalOffer,
  LocationCity,
  Lock: LockIcon,
  Map: MapIcon,
  Menu: MenuIcon,
  MenuBook,
  Message: MessageIcon,
  MonetizationOn,
  MonitorHeart,
  Notes: NotesIcon,
  Notifications,
  NotificationsActive,
  Payments,
  PendingActions,
  People,
  Person: PersonIcon,
  PersonSearch,
  PlayCircle,
  Poll,
  Public: PublicIcon,
  Quiz,
  Receipt: ReceiptIcon,
  ReceiptLong,
  Schedule,
  Schema: SchemaIcon,
  School,
  Science,
  Security: SecurityIcon,
  Send: SendIcon,
  Settings: SettingsIcon,
  SettingsApplications,
  SettingsSuggest,
  Sms,
  Storage: StorageIcon,
  Style: StyleIcon,
  Summarize,
  TableChart,
  Task: TaskIcon,
  TaskAlt,
  Timeline: TimelineIcon,
  Tune,
  ViewAgenda,
  ViewColumn,
  ViewList: ViewListIcon,
  ViewModule,
  ViewQuilt,
  Work: WorkIcon,
}

export const MenuIconFor = ({ source }: { source: string | null | undefined }) => {
  const Icon = (source && ICONS[source]) || ViewListIcon
  return <Icon fontSize="small" />
}
