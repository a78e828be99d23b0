<?php
/**
 * Loads the plugin's classes (one file per class, WordPress file naming).
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

foreach ( array(
	'settings',
	'response',
	'client',
	'cache-control',
	'account-mail',
	'mail-message',
	'mail-log',
	'mailer',
	'smtp-mode',
	'outcomes',
	'queue',
	'captcha',
	'proxy',
	'form-cache',
	'form-renderer',
	'forms',
	'integrations',
	'privacy',
	'notices',
	'admin',
	'plugin',
) as $svcfm_class_file ) {
	require_once __DIR__ . '/class-' . $svcfm_class_file . '.php';
}
