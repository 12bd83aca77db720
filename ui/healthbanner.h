#pragma once

#include <QLabel>

namespace purga {

class AppState;

// The strip under the connection bar, hidden unless something needs attention: preview or purge
// refused by the checks, or a background operation that failed. Icon and text, not only colour.
class HealthBanner : public QLabel
{
    Q_OBJECT
public:
    explicit HealthBanner(AppState *state, QWidget *parent = nullptr);

    void setProblem(const QString &text);
    QString plainText() const { return m_plain; }

private:
    void refresh();

    AppState *m_state;
    QString m_problem;
    QString m_plain;
};

} // namespace purga
