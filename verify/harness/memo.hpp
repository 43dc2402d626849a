#pragma once
// A value computed once per key and kept for the life of the process: the references that many
// grid points share (an exact finite-n law, a limit quadrature). The key must hold every input of
// the computation, the model's included: a planted model evaluates its reference at other inputs
// (gamma 1.03 times the true one, say), so within one process, where the mutant audit runs the
// true and the planted models in turn, each gets its own entry and none sees the other's value.
// Safe from several threads; the value is computed under the lock, once, and never moves.
#include <map>
#include <memory>
#include <mutex>

namespace attnlaw::harness {

template <class Key, class Value>
class Memo {
 public:
  template <class Compute>
  const Value& get(const Key& key, Compute&& compute) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::unique_ptr<Value>& slot = values_[key];
    if (!slot) slot = std::make_unique<Value>(compute());
    return *slot;
  }

 private:
  std::mutex mutex_;
  std::map<Key, std::unique_ptr<Value>> values_;
};

}  // namespace attnlaw::harness
