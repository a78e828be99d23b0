<?php
/**
 * Plugin Name:       SVC Forms & Mail
 * Description:       Sends all WordPress mail through your form, mail and webhook service, renders its hosted forms with captcha, forwards Contact Form 7, WPForms and Gravity Forms submissions, and shows blocks you can lift.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            SVC Forms & Mail contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       svc-forms-mail
 * Domain Path:       /languages
 *
 * @package SvcFormsMail
 */

defined( 'ABSPATH' ) || exit;

define( 'SVCFM_VERSION', '1.0.0' );
define( 'SVCFM_FILE', __FILE__ );
define( 'SVCFM_DIR', __DIR__ );

require_once __DIR__ . '/includes/autoload.php';

register_activation_hook( __FILE__, array( \SvcFormsMail\Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \SvcFormsMail\Plugin::class, 'deactivate' ) );

\SvcFormsMail\Plugin::boot();
