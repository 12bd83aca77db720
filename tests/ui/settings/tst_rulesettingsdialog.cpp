// RuleSettingsDialog: live validation with Rules::validate (an out-of-range batch size blocks Save
// with the message; a retention shorter than the forensic window is red with ⚠ and needs the
// override), saving into the profile through ProfileStore, AppState using the new settings, and a
// preview taken before the change marked stale (real PostgreSQL sandbox).
#include "core/profiles/profilestore.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "ui/preview/previewpage.h"
#include "ui/purge/purgepage.h"
#include "ui/settings/rulesettingsdialog.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/theme.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

using namespace purga;
using test::shoot;

namespace {

const QString kRefresh = QStringLiteral("refresh_tokens");
const QString kPre = QStringLiteral("pre_tokens");
const QString kLog = QStringLiteral("log_sesiones");

ConnectionProfile savedProfile()
{
    ConnectionProfile p;
    p.name = QStringLiteral("staging");
    p.host = QStringLiteral("db-staging");
    p.sslMode = QStringLiteral("disable");
    return p;
}

} // namespace

class TestRuleSettings : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        registerMetaTypes();
    }

    void outOfRangeBatchSizeBlocksSave()
    {
        test::TempSettings settings;
        AppState state(nullptr);
        state.setConnected(savedProfile(), QString());
        RuleSettingsDialog dialog(&state);
        QVERIFY(dialog.errors().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());

        dialog.batchSpin(kRefresh)->setValue(200000);
        QVERIFY(!dialog.saveButton()->isEnabled());
        const QString expected = Rules::validate(dialog.config(kRefresh)).value(0);
        QVERIFY(expected.contains(QStringLiteral("200000")));
        QVERIFY(dialog.messagesLabel()->text().contains(expected));
        QVERIFY(!dialog.save());
        QVERIFY(dialog.result() != QDialog::Accepted);

        dialog.batchSpin(kRefresh)->setValue(0);
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(dialog.messagesLabel()->text().contains(QStringLiteral("batch size 0 is out of range")));
        dialog.lockTimeoutSpin(kPre)->setValue(5);
        QCOMPARE(dialog.errors().size(), 2);

        dialog.batchSpin(kRefresh)->setValue(2500);
        dialog.lockTimeoutSpin(kPre)->setValue(4000);
        QVERIFY(dialog.errors().isEmpty());
        QVERIFY(dialog.saveButton()->isEnabled());
        QVERIFY(dialog.messagesLabel()->text().contains(QStringLiteral("valid")));
    }

    // The session log's quarantine (issue 24): a number of days for its partitions only, 0 to 365,
    // saved as rules/log_sesiones/quarantine_days.
    void quarantineDaysForTheSessionLogOnly()
    {
        test::TempSettings settings;
        {
            ProfileStore store;
            QVERIFY(store.save(savedProfile()));
        }
        AppState state(nullptr);
        state.setConnected(savedProfile(), QString());
        RuleSettingsDialog dialog(&state);
        QCOMPARE(dialog.quarantineSpin(kLog)->value(), 0);
        QVERIFY(dialog.quarantineSpin(kLog)->isEnabled());
        QVERIFY(!dialog.quarantineSpin(kRefresh)->isEnabled());
        QVERIFY(!dialog.quarantineSpin(kPre)->isEnabled());
        dialog.quarantineSpin(kLog)->setValue(400);
        QVERIFY(!dialog.saveButton()->isEnabled());
        QVERIFY(dialog.messagesLabel()->text().contains(QStringLiteral("quarantine of 400 days")));
        dialog.quarantineSpin(kLog)->setValue(30);
        QVERIFY(dialog.save());
        QCOMPARE(state.profile().ruleOverrides.value(QStringLiteral("log_sesiones/quarantine_days")),
                 QStringLiteral("30"));
        QCOMPARE(Rules::fromSettings(kLog, state.profile().ruleOverrides).quarantineDays, 30);
    }

    void shortRetentionNeedsOverrideAndIsRed()
    {
        test::TempSettings settings;
        {
            ProfileStore store;
            QVERIFY(store.save(savedProfile()));
        }
        AppState state(nullptr);
        state.setConnected(savedProfile(), QString());
        RuleSettingsDialog dialog(&state);
        dialog.show();
        QCOMPARE(dialog.retentionSpin(kRefresh)->value(), 30); // days
        QCOMPARE(dialog.retentionSpin(kPre)->value(), 24);     // hours
        QCOMPARE(dialog.retentionSpin(kLog)->value(), 12);     // months
        QVERIFY(!dialog.isBelowForensicWindow(kRefresh));
        QVERIFY(dialog.retentionSpin(kRefresh)->styleSheet().isEmpty());
        QVERIFY(!dialog.overrideCheck(kRefresh)->isEnabled()); // nothing to override yet

        dialog.retentionSpin(kRefresh)->setValue(7);
        QVERIFY(dialog.isBelowForensicWindow(kRefresh));
        QCOMPARE(dialog.config(kRefresh).retentionSeconds, qint64(7) * 86400);
        // Red, and a symbol and words: never the colour alone.
        QVERIFY(dialog.retentionSpin(kRefresh)->styleSheet().contains(QStringLiteral("#c62828")));
        QVERIFY(dialog.retentionNote(kRefresh)->text().contains(QStringLiteral("⚠")));
        QVERIFY(dialog.retentionNote(kRefresh)->text().contains(QStringLiteral("forensic window")));
        QVERIFY(!dialog.saveButton()->isEnabled()); // blocked without the override
        QVERIFY(dialog.messagesLabel()->text().contains(QStringLiteral("Confirm the override")));
        QVERIFY(!dialog.save());
        QVERIFY(dialog.overrideCheck(kRefresh)->isEnabled());

        dialog.overrideCheck(kRefresh)->setChecked(true);
        QVERIFY(dialog.errors().isEmpty());
        QCOMPARE(dialog.warnings().size(), 1);
        QVERIFY(dialog.saveButton()->isEnabled());
        QVERIFY(
            dialog.retentionSpin(kRefresh)->styleSheet().contains(QStringLiteral("#c62828"))); // still red
        QVERIFY(dialog.retentionNote(kRefresh)->text().contains(QStringLiteral("⚠")));
        QVERIFY(dialog.messagesLabel()->text().contains(QStringLiteral("⚠")));
        shoot(&dialog, QStringLiteral("rule-settings-override"));

        // 11 months of session log is also shorter than the 12-month window.
        dialog.retentionSpin(kLog)->setValue(11);
        QVERIFY(dialog.isBelowForensicWindow(kLog));
        QVERIFY(!dialog.saveButton()->isEnabled());
        dialog.retentionSpin(kLog)->setValue(12);
        QVERIFY(!dialog.isBelowForensicWindow(kLog));

        QSignalSpy changed(&state, &AppState::ruleSettingsChanged);
        QVERIFY(dialog.save());
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(changed.count(), 1);
        const RuleConfig used = state.ruleConfig(kRefresh);
        QCOMPARE(used.retentionSeconds, qint64(7) * 86400);
        QVERIFY(used.forensicOverride);
        QVERIFY(Rules::validate(used).isEmpty());
    }

    void savedValuesRoundTripThroughProfileStore()
    {
        test::TempSettings settings;
        {
            ProfileStore store;
            QVERIFY(store.save(savedProfile()));
        }
        AppState state(nullptr);
        state.setConnected(savedProfile(), QString());
        {
            RuleSettingsDialog dialog(&state);
            dialog.batchSpin(kRefresh)->setValue(2000);
            dialog.lockTimeoutSpin(kRefresh)->setValue(3000);
            dialog.pauseSpin(kRefresh)->setValue(20);
            dialog.targetBatchSpin(kRefresh)->setValue(15);
            dialog.retentionSpin(kPre)->setValue(48);
            dialog.batchSpin(kPre)->setValue(750);
            dialog.retentionSpin(kLog)->setValue(18);
            dialog.lockTimeoutSpin(kLog)->setValue(1500);
            QVERIFY(!dialog.batchSpin(kLog)->isEnabled()); // partitions have no batches
            QVERIFY(dialog.save());
        }

        // What reached the settings file, read back raw.
        {
            QSettings raw(ProfileStore::organizationName(), ProfileStore::applicationName());
            raw.beginGroup(QStringLiteral("profiles/staging/rules"));
            QMap<QString, QString> written;
            for (const QString &key : raw.allKeys())
                written.insert(key, raw.value(key).toString());
            QCOMPARE(written, state.profile().ruleOverrides);
        }
        const QMap<QString, QString> saved = state.profile().ruleOverrides;
        const RuleConfig refresh = Rules::fromSettings(kRefresh, saved);
        QCOMPARE(refresh.batchSize, 2000);
        QCOMPARE(refresh.lockTimeoutMs, 3000);
        QCOMPARE(refresh.pauseMs, 20);
        QCOMPARE(refresh.targetBatchMs, 15);
        QCOMPARE(refresh.retentionSeconds, qint64(30) * 86400);
        const RuleConfig pre = Rules::fromSettings(kPre, saved);
        QCOMPARE(pre.retentionSeconds, qint64(48) * 3600);
        QCOMPARE(pre.batchSize, 750);
        const RuleConfig log = Rules::fromSettings(kLog, saved);
        QCOMPARE(log.lockTimeoutMs, 1500);
        QCOMPARE(Rules::retentionInterval(log), QStringLiteral("make_interval(months => 18)"));

        // Opened again, the dialog shows what was saved; Restore defaults + Save go back to the ADR's.
        {
            RuleSettingsDialog reopened(&state);
            QCOMPARE(reopened.batchSpin(kRefresh)->value(), 2000);
            QCOMPARE(reopened.retentionSpin(kPre)->value(), 48);
            QCOMPARE(reopened.retentionSpin(kLog)->value(), 18);
            QCOMPARE(reopened.targetBatchSpin(kRefresh)->value(), 15);
            reopened.restoreDefaults();
            QCOMPARE(reopened.retentionSpin(kPre)->value(), 24);
            QVERIFY(reopened.save());
            QCOMPARE(state.ruleConfig(kPre).retentionSeconds, qint64(86400));
        }
        {
            RuleSettingsDialog dialog(&state);
            dialog.batchSpin(kPre)->setValue(750);
            QVERIFY(dialog.save());
        }

        // Connecting again with the stored profile: ProfileStore hands the overrides back.
        ProfileStore store; // a fresh instance reads from disk
        const std::optional<ConnectionProfile> loaded = store.load(savedProfile().name);
        QVERIFY(loaded);
        QCOMPARE(loaded->host, savedProfile().host); // the connection fields are untouched
        // Rule keys are "<rule>/<setting>" (nested groups in QSettings): they must come back.
        QCOMPARE(loaded->ruleOverrides, state.profile().ruleOverrides);
        AppState reconnected(nullptr);
        reconnected.setConnected(*loaded, QString());
        QCOMPARE(reconnected.ruleConfig(kPre).batchSize, 750);
    }

    // Family-aware retention: a check box for refresh tokens only, off by default, saved in the
    // profile and shown again; Restore defaults turns it off.
    void familyAwareIsSavedAndRestored()
    {
        test::TempSettings settings;
        QVERIFY(ProfileStore().save(savedProfile()));
        AppState state(nullptr);
        state.setConnected(savedProfile(), QString());
        {
            RuleSettingsDialog dialog(&state);
            QVERIFY(!dialog.familyCheck(kPre) && !dialog.familyCheck(kLog));
            QCheckBox *family = dialog.familyCheck(kRefresh);
            QVERIFY(family);
            QVERIFY(!family->isChecked());
            QVERIFY(family->toolTip().contains(QStringLiteral("family")));
            family->setChecked(true);
            QVERIFY(dialog.config(kRefresh).familyAware);
            dialog.show();
            shoot(&dialog, QStringLiteral("rule-settings-family"));
            const QPalette light = QApplication::palette();
            QApplication::setPalette(Theme::darkPalette());
            shoot(&dialog, QStringLiteral("rule-settings-family-dark"));
            QApplication::setPalette(light);
            QVERIFY(dialog.errors().isEmpty());
            QVERIFY(dialog.save());
        }
        QCOMPARE(state.profile().ruleOverrides.value(QStringLiteral("refresh_tokens/family_aware")),
                 QStringLiteral("1"));
        QVERIFY(state.ruleConfig(kRefresh).familyAware);
        QVERIFY(!state.profile().ruleOverrides.contains(QStringLiteral("pre_tokens/family_aware")));
        const std::optional<ConnectionProfile> loaded = ProfileStore().load(savedProfile().name);
        QVERIFY(loaded);
        QVERIFY(Rules::fromSettings(kRefresh, loaded->ruleOverrides).familyAware);
        {
            RuleSettingsDialog reopened(&state);
            QVERIFY(reopened.familyCheck(kRefresh)->isChecked());
            reopened.restoreDefaults();
            QVERIFY(!reopened.familyCheck(kRefresh)->isChecked());
            QVERIFY(reopened.save());
        }
        QVERIFY(!state.ruleConfig(kRefresh).familyAware);
    }

    void unsavedProfileAppliesToTheSessionOnly()
    {
        test::TempSettings settings;
        ConnectionProfile adHoc = savedProfile();
        adHoc.name = QStringLiteral("not-saved");
        AppState state(nullptr);
        state.setConnected(adHoc, QString());
        RuleSettingsDialog dialog(&state);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("ruleSettingsTarget"))
                    ->text()
                    .contains(QStringLiteral("no saved profile")));
        dialog.batchSpin(kRefresh)->setValue(1234);
        QVERIFY(dialog.save());
        QCOMPARE(state.ruleConfig(kRefresh).batchSize, 1234);
        ProfileStore store;
        QVERIFY(!store.contains(adHoc.name)); // nothing was written for it
    }

    void menuEntryWithShortcut()
    {
        test::TempSettings settings;
        MainWindow window;
        QAction *action = window.ruleSettingsAction();
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
        QVERIFY(!action->isEnabled()); // per profile: needs a connection
        bool inMenu = false;
        for (QAction *menu : window.menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(action))
                inMenu = true;
        QVERIFY(inMenu);
        QCOMPARE(window.previewPage()->settingsButton()->defaultAction(), action);
        QVERIFY(!window.openRuleSettings());
    }

    void previewTakenBeforeIsStale()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uirules"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        // Revoked 40 days ago: removable with the default 30 days, kept with 60.
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens"
            " (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)"
            " SELECT 1, g, gen_random_uuid(), md5('r' || g), now() - interval '50 days',"
            "        now() + interval '10 days', true, now() - interval '40 days' FROM generate_series(1, "
            "25) g")));
        DbSession session;
        AppState state(&session);
        SessionCoordinator coordinator(&session, &state);
        PreviewPage preview(&state);
        PurgePage purge(&state);
        coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(preview.takePreviewButton()->isEnabled(), 30000);
        preview.takePreview();
        QTRY_VERIFY_WITH_TIMEOUT(!state.previewPlan().isEmpty(), 60000);
        QCOMPARE(state.previewPlan().rule(kRefresh)->eligible, 25);
        QVERIFY(!state.isPreviewStale());
        QVERIFY(purge.startBlockers().isEmpty());

        RuleSettingsDialog dialog(&state);
        dialog.retentionSpin(kRefresh)->setValue(60);
        QVERIFY(dialog.save());
        QVERIFY(state.isPreviewStale());
        QVERIFY(purge.startBlockers().join(u' ').contains(QStringLiteral("rule settings changed")));
        QVERIFY(!purge.startButton()->isEnabled());
        QVERIFY(preview.findChild<QLabel *>(QStringLiteral("previewInfo"))
                    ->text()
                    .contains(QStringLiteral("Stale")));

        // A new preview uses the new settings and is no longer stale.
        QTRY_VERIFY_WITH_TIMEOUT(preview.takePreviewButton()->isEnabled(), 30000);
        preview.takePreview();
        QTRY_VERIFY_WITH_TIMEOUT(!state.isPreviewStale(), 60000);
        QCOMPARE(state.previewPlan().rule(kRefresh)->config.retentionSeconds, qint64(60) * 86400);
        QCOMPARE(state.previewPlan().rule(kRefresh)->eligible, 0);
        QVERIFY(!purge.startBlockers().join(u' ').contains(QStringLiteral("rule settings changed")));
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestRuleSettings)
#include "tst_rulesettingsdialog.moc"
