# A training loop as PyTorch's tutorials write one: a small CNN, a dataset
# of MNIST-shaped images (synthetic here: noise with a brighter band of rows
# that depends on the class), a DataLoader that shuffles every epoch, SGD
# with momentum, and an evaluation pass after each epoch. The batches, the
# losses and the accuracy are PyTorch's, digit for digit.
#
#   backstep run examples/mnist_training.py
#   backstep render examples/mnist_training.py -o step.png --var loss --module-depth 1
import torch
import torch.nn.functional as F
import torch.optim as optim
from torch import nn
from torch.utils.data import DataLoader, TensorDataset, random_split


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc1 = nn.Linear(16 * 7 * 7, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc1(torch.flatten(x, 1)))
        return self.fc2(x)


def make_dataset(n):
    labels = torch.randint(0, 10, (n,))
    images = torch.randn(n, 1, 28, 28)
    rows = torch.arange(28)
    top = 2 * labels[:, None] + 4
    images += 2.0 * ((rows >= top) & (rows < top + 2)).float()[:, None, :, None]
    return TensorDataset(images, labels)


def accuracy(model, loader):
    correct = 0
    with torch.inference_mode():
        for x, y in loader:
            correct += (model(x).argmax(dim=1) == y).sum().item()
    return correct / len(loader.dataset)


torch.manual_seed(0)
train_set, test_set = random_split(make_dataset(320), [0.8, 0.2])
train_loader = DataLoader(train_set, batch_size=32, shuffle=True)
test_loader = DataLoader(test_set, batch_size=64)

model = Net()
optimizer = optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    model.train()
    for i, (x, y) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        if i % 4 == 0:
            print(f"epoch {epoch} batch {i}: loss {loss.item():.4f}")
    model.eval()
    print(f"epoch {epoch}: test accuracy {accuracy(model, test_loader):.1%}")
