import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::static-footer.static-footer');
