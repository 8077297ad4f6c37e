import AccountBalance from '@mui/icons-material/AccountBalance'
import AccountTree from '@mui/icons-material/AccountTree'
import Apartment from '@mui/icons-material/Apartment'
import Article from '@mui/icons-material/Article'
import Assessment from '@mui/icons-material/Assessment'
import Assignment from '@mui/icons-material/Assignment'
import Badge from '@mui/icons-material/Badge'
import BarChart from '@mui/icons-material/BarChart'
import Book from '@mui/icons-material/Book'
import BugReport from '@mui/icons-material/BugReport'
import Build from '@mui/icons-material/Build'
import Business from '@mui/icons-material/Business'
import Campaign from '@mui/icons-material/Campaign'
import Category from '@mui/icons-material/Category'
import Cloud from '@mui/icons-material/Cloud'
import Code from '@mui/icons-material/Code'
import Dashboard from '@mui/icons-material/Dashboard'
import DataObject from '@mui/icons-material/DataObject'
import Description from '@mui/icons-material/Description'
import DirectionsCar from '@mui/icons-material/DirectionsCar'
import Event from '@mui/icons-material/Event'
import EventNote from '@mui/icons-material/EventNote'
import Folder from '@mui/icons-material/Folder'
import Group from '@mui/icons-material/Group'
import Groups from '@mui/icons-material/Groups'
import Home from '@mui/icons-material/Home'
import Hotel from '@mui/icons-material/Hotel'
import Inventory from '@mui/icons-material/Inventory'
import Key from '@mui/icons-material/Key'
import Label from '@mui/icons-material/Label'
import LibraryBooks from '@mui/icons-material/LibraryBooks'
import List from '@mui/icons-material/List'
import ListAlt from '@mui/icons-material/ListAlt'
import LocationCity from '@mui/icons-material/LocationCity'
import Lock from '@mui/icons-material/Lock'
import Map from '@mui/icons-material/Map'
import MenuIcon from '@mui/icons-material/Menu'
import MenuBook from '@mui/icons-material/MenuBook'
import Message from '@mui/icons-material/Message'
import MonetizationOn from '@mui/icons-material/MonetizationOn'
import Notifications from '@mui/icons-material/Notifications'
import People from '@mui/icons-material/People'
import Person from '@mui/icons-material/Person'
import Poll from '@mui/icons-material/Poll'
import Receipt from '@mui/icons-material/Receipt'
import Schedule from '@mui/icons-material/Schedule'
import School from '@mui/icons-material/School'
import Science from '@mui/icons-material/Science'
import Security from '@mui/icons-material/Security'
import Settings from '@mui/icons-material/Settings'
import Sms from '@mui/icons-material/Sms'
import Storage from '@mui/icons-material/Storage'
import Style from '@mui/icons-material/Style'
import SupervisorAccount from '@mui/icons-material/SupervisorAccount'
import Task from '@mui/icons-material/Task'
import Timeline from '@mui/icons-material/Timeline'
import Tune from '@mui/icons-material/Tune'
import ViewList from '@mui/icons-material/ViewList'
import ViewModule from '@mui/icons-material/ViewModule'
import Work from '@mui/icons-material/Work'
import type { SvgIconComponent } from '@mui/icons-material'

/** Menu icons are MUI icon names (`source`); only the set the menus use is bundled. */
const ICONS: Record<string, SvgIconComponent> = {
  AccountBalance,
  AccountTree,
  Apartment,
  Article,
  Assessment,
  Assignment,
  Badge,
  BarChart,
  Book,
  BugReport,
  Build,
  Business,
  Campaign,
  Category,
  Cloud,
  Code,
  Dashboard,
  DataObject,
  Description,
  DirectionsCar,
  Event,
  EventNote,
  Folder,
  Group,
  Groups,
  Home,
  Hotel,
  Inventory,
  Key,
  Label,
  LibraryBooks,
  List,
  ListAlt,
  LocationCity,
  Lock,
  Map,
  Menu: MenuIcon,
  MenuBook,
  Message,
  MonetizationOn,
  Notifications,
  People,
  Person,
  Poll,
  Receipt,
  Schedule,
  School,
  Science,
  Security,
  Settings,
  Sms,
  Storage,
  Style,
  SupervisorAccount,
  Task,
  Timeline,
  Tune,
  ViewList,
  ViewModule,
  Work,
}

export const MenuIconFor = ({ source }: { source: string | null | undefined }) => {
  const Icon = (source && ICONS[source]) || ViewList
  return <Icon fontSize="small" />
}
