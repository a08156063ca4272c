module @jit__custom_vjp_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8x16xf32> {jax.result_info = "result[1][0]"}, tensor<16xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<4x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<4x16xf32>
    %4 = stablehlo.multiply %3, %3 : tensor<4x16xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<4x16xf32>
    %6 = stablehlo.multiply %3, %3 : tensor<4x16xf32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<4x16xf32>
    %cst_0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %10 = stablehlo.multiply %9, %5 : tensor<4x16xf32>
    %11 = stablehlo.add %3, %10 : tensor<4x16xf32>
    %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<4x16xf32>
    %14 = stablehlo.tanh %13 : tensor<4x16xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %16 = stablehlo.add %15, %14 : tensor<4x16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %18 = stablehlo.subtract %17, %14 : tensor<4x16xf32>
    %19 = stablehlo.multiply %16, %18 : tensor<4x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %21 = stablehlo.add %20, %14 : tensor<4x16xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<4x16xf32>
    %24 = stablehlo.multiply %3, %23 : tensor<4x16xf32>
    %25:3 = call @log_softmax(%24) : (tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x1xf32>)
    %26 = stablehlo.multiply %25#0, %25#0 : tensor<4x16xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %28 = stablehlo.multiply %27, %25#0 : tensor<4x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%26 init: %cst_7) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %30 = stablehlo.divide %29, %cst_8 : tensor<f32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_10 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %31 = stablehlo.divide %cst_9, %cst_10 : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %33 = stablehlo.multiply %32, %28 : tensor<4x16xf32>
    %34 = call @log_softmax_0(%25#1, %25#2, %33) : (tensor<4x16xf32>, tensor<4x1xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %35 = stablehlo.multiply %3, %34 : tensor<4x16xf32>
    %36 = stablehlo.multiply %34, %23 : tensor<4x16xf32>
    %cst_11 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %38 = stablehlo.multiply %37, %35 : tensor<4x16xf32>
    %39 = stablehlo.multiply %38, %19 : tensor<4x16xf32>
    %cst_12 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %41 = stablehlo.multiply %40, %39 : tensor<4x16xf32>
    %42 = stablehlo.add %36, %41 : tensor<4x16xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %44 = stablehlo.multiply %43, %41 : tensor<4x16xf32>
    %45 = stablehlo.multiply %44, %8 : tensor<4x16xf32>
    %46 = stablehlo.add %42, %45 : tensor<4x16xf32>
    %cst_14 = stablehlo.constant dense<-1.000000e-01> : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %47 = call @clip(%46, %cst_14, %cst_15) : (tensor<4x16xf32>, tensor<f32>, tensor<f32>) -> tensor<4x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_16) applies stablehlo.add across dimensions = [0] : (tensor<4x16xf32>, tensor<f32>) -> tensor<16xf32>
    %49 = stablehlo.reshape %48 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %51 = stablehlo.dot_general %47, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %52 = stablehlo.transpose %51, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    return %30, %52, %50 : tensor<f32>, tensor<8x16xf32>, tensor<16xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x16xf32>
    %6 = stablehlo.exponential %5 : tensor<4x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x16xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x16xf32>
    return %11, %6, %8 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<4x16xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = stablehlo.negate %arg2 : tensor<4x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<4x16xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<4x16xf32>
    return %7 : tensor<4x16xf32>
  }
  func.func private @clip(%arg0: tensor<4x16xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x16xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x16xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x16xf32>
    return %5 : tensor<4x16xf32>
  }
}
